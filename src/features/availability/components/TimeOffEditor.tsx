import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeOff } from '#src/domain/availability.ts';
import { formatDate } from '#src/domain/format.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';

interface Props {
  list: readonly TimeOff[];
  readOnly: boolean;
  onChange(list: TimeOff[]): void;
}

/** Days off (first and last day included, with a note): the planned ones, and one more to add. */
export function TimeOffEditor({ list, readOnly, onChange }: Props) {
  const { t, i18n } = useTranslation('availability');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState(false);
  const language = shownLanguage();
  const day = (value: string) => formatDate(`${value}T12:00:00`, language);
  const locale = i18n.language === 'es' ? 'es' : 'en';

  function add() {
    const last = to || from;
    if (!from || last < from) {
      setProblem(true);
      return;
    }
    setProblem(false);
    onChange(
      [...list, { id: crypto.randomUUID(), from, to: last, note: note.trim() || null }].sort((a, b) =>
        a.from.localeCompare(b.from),
      ),
    );
    setFrom('');
    setTo('');
    setNote('');
  }

  return (
    <Stack gap="sm">
      {list.length ? (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((off) => (
            <Group key={off.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
              <Text>
                {t('availability.timeOffLine', { from: day(off.from), to: day(off.to) })}
                {off.note ? ` · ${off.note}` : ''}
              </Text>
              {!readOnly && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('availability.removeTimeOff', { from: day(off.from), to: day(off.to) })}
                  onClick={() => onChange(list.filter((o) => o.id !== off.id))}
                >
                  ×
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      ) : (
        <Text c="dimmed">{t('availability.noTimeOff')}</Text>
      )}
      {!readOnly && (
        <Group align="end" gap="xs">
          <DateInput
            locale={locale}
            label={t('availability.firstDay')}
            valueFormat="YYYY-MM-DD"
            value={from || null}
            onChange={(v) => setFrom(v ?? '')}
            error={problem ? t('availability.problems.timeOffDays') : undefined}
            popoverProps={{ withinPortal: false }}
          />
          <DateInput
            locale={locale}
            label={t('availability.lastDay')}
            valueFormat="YYYY-MM-DD"
            value={to || null}
            onChange={(v) => setTo(v ?? '')}
            popoverProps={{ withinPortal: false }}
          />
          <TextInput
            label={t('availability.note')}
            value={note}
            maxLength={200}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Button variant="light" onClick={add}>
            {t('availability.addTimeOff')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
