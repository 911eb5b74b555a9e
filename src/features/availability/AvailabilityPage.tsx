import { Alert, Button, Group, Loader, NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useUser } from '#src/device/hooks/useUsers.ts';
import { APPOINTMENT_MINUTES, availabilityOfRow } from '#src/domain/availability.ts';
import { canOnUser } from '#src/domain/permissions.ts';
import { HomeBaseEditor } from './components/HomeBaseEditor.tsx';
import { TimeOffEditor } from './components/TimeOffEditor.tsx';
import { WeeklyHoursEditor } from './components/WeeklyHoursEditor.tsx';
import { useAvailabilityForm } from './hooks/useAvailabilityForm.ts';

/** Every time zone the browser knows (older browsers list none), with the one the form holds. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/**
 * `/availability` (one's own) and `/availability/{id}` (a person's, for their managers and admins):
 * when the person takes appointments — weekly hours, time off, appointment length and time zone —
 * and their home base. Saved on the device and synced; setters' devices offer their free times.
 */
export function AvailabilityPage() {
  const { t } = useTranslation('availability');
  const params = useParams();
  const actor = useActor();
  const personId = params.id ?? actor.user_id;
  const person = useUser(personId);
  const own = personId === actor.user_id;
  const facts = { id: personId, org_id: actor.org_id };
  const canRead = canOnUser(actor, 'availability.read', facts);
  const readOnly = !canOnUser(actor, 'availability.manage', facts);
  const form = useAvailabilityForm(personId);
  const { draft, problems, update } = form;
  const zones = useMemo(() => timeZones(draft?.time_zone ?? 'UTC'), [draft?.time_zone]);
  const title = own
    ? t('availability.title')
    : t('availability.titleOf', { name: person?.name || t('availability.someone') });

  if (!canRead) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Alert color="yellow">{t('availability.notAllowed')}</Alert>
      </Stack>
    );
  }
  const last = form.row ? availabilityOfRow(form.row).last_position : null;
  return (
    <Stack maw={760}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{t('availability.intro')}</Text>
      {readOnly && <Alert color="gray">{t('availability.readOnly')}</Alert>}
      {!draft ? (
        <Loader size="sm" aria-label={title} />
      ) : (
        <>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              {t('availability.appointments')}
            </Title>
            <Group align="start">
              <NumberInput
                label={t('availability.length')}
                min={APPOINTMENT_MINUTES.min}
                max={APPOINTMENT_MINUTES.max}
                step={15}
                allowDecimal={false}
                readOnly={readOnly}
                value={draft.appointment_minutes}
                onChange={(v) =>
                  update((d) => ({ ...d, appointment_minutes: typeof v === 'number' ? v : Number(v) || 0 }))
                }
              />
              <Select
                label={t('availability.timeZone')}
                data={zones}
                searchable
                allowDeselect={false}
                readOnly={readOnly}
                value={draft.time_zone}
                onChange={(v) => v && update((d) => ({ ...d, time_zone: v }))}
              />
            </Group>
          </Paper>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              {t('availability.hours')}
            </Title>
            <WeeklyHoursEditor
              hours={draft.weekly_hours}
              problems={problems}
              readOnly={readOnly}
              onChange={(day, ranges) =>
                update((d) => ({ ...d, weekly_hours: { ...d.weekly_hours, [day]: ranges } }))
              }
            />
          </Paper>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              {t('availability.timeOff')}
            </Title>
            <TimeOffEditor
              list={draft.time_off}
              readOnly={readOnly}
              onChange={(list) => update((d) => ({ ...d, time_off: list }))}
            />
          </Paper>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              {t('availability.homeBase')}
            </Title>
            <HomeBaseEditor
              home={draft.home}
              lastPosition={last}
              problem={problems.some((p) => p.field === 'home')}
              readOnly={readOnly}
              onChange={(home) => update((d) => ({ ...d, home }))}
            />
          </Paper>
          {!readOnly && (
            <Group>
              <Button onClick={() => void form.save(t('availability.noChanges'))}>
                {t('availability.save')}
              </Button>
              {form.row?.pending && <Text c="dimmed">{t('availability.pending')}</Text>}
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
