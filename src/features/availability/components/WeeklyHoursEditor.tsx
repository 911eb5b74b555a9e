import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { minutesOf, type TimeRange, WEEKDAYS, type Weekday } from '#src/domain/availability.ts';
import type { DraftProblem } from '../utils/availabilityDraft.ts';

interface Props {
  hours: Record<Weekday, TimeRange[]>;
  problems: readonly DraftProblem[];
  readOnly: boolean;
  onChange(day: Weekday, ranges: TimeRange[]): void;
}

/** Each weekday's ranges of working hours: add, change and remove them. */
export function WeeklyHoursEditor({ hours, problems, readOnly, onChange }: Props) {
  const { t } = useTranslation('availability');
  return (
    <Stack gap="sm">
      {WEEKDAYS.map((day) => {
        const name = t(`availability.weekdays.${day}`);
        const ranges = hours[day];
        const problem = problems.find((p) => p.field === 'hours' && p.day === day);
        const set = (i: number, key: keyof TimeRange, value: string) =>
          onChange(
            day,
            ranges.map((r, j) => (j === i ? { ...r, [key]: value } : r)),
          );
        const last = ranges[ranges.length - 1];
        return (
          <Stack key={day} gap={4} role="group" aria-label={name}>
            <Text fw={600}>{name}</Text>
            {!ranges.length && <Text c="dimmed">{t('availability.notWorking')}</Text>}
            {ranges.map((range, i) => {
              const n = i + 1;
              return (
                <Group key={`${day}-${n}`} gap="xs" wrap="nowrap" align="end">
                  <TimeInput
                    label={t('availability.from')}
                    aria-label={t('availability.fromOf', { day: name, n })}
                    value={range.start}
                    readOnly={readOnly}
                    onChange={(e) => set(i, 'start', e.currentTarget.value)}
                  />
                  <TimeInput
                    label={t('availability.to')}
                    aria-label={t('availability.toOf', { day: name, n })}
                    value={range.end}
                    readOnly={readOnly}
                    onChange={(e) => set(i, 'end', e.currentTarget.value)}
                  />
                  {!readOnly && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mb={4}
                      aria-label={t('availability.removeRange', { day: name, n })}
                      onClick={() =>
                        onChange(
                          day,
                          ranges.filter((_, j) => j !== i),
                        )
                      }
                    >
                      ×
                    </ActionIcon>
                  )}
                </Group>
              );
            })}
            {problem?.field === 'hours' && (
              <Text c="red" size="sm" role="alert">
                {t(`availability.problems.${problem.problem}`)}
              </Text>
            )}
            {!readOnly && (
              <Group>
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label={t('availability.addRange', { day: name })}
                  onClick={() => onChange(day, [...ranges, nextRange(last)])}
                >
                  {t('availability.addHours')}
                </Button>
              </Group>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

/** A new range: 09:00–17:00, or the hour after the day's last range. */
function nextRange(last: TimeRange | undefined): TimeRange {
  const end = last ? minutesOf(last.end) : Number.NaN;
  if (Number.isNaN(end) || end >= 23 * 60) return { start: '09:00', end: '17:00' };
  const time = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return { start: time(end), end: time(end + 60) };
}
