import { Group, NativeSelect, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  LEADERBOARD_BOARDS,
  LEADERBOARD_METRICS,
  LEADERBOARD_PERIODS,
  LEADERBOARD_SCOPES,
  type LeaderboardBoard,
  type LeaderboardMetric,
  type LeaderboardPeriod,
  type LeaderboardScope,
} from '#src/domain/leaderboard.ts';
import type { MessageKey } from '#src/ui/messages.ts';

export interface LeaderboardSettings {
  period: LeaderboardPeriod;
  metric: LeaderboardMetric;
  scope: LeaderboardScope;
  board: LeaderboardBoard;
  /** With the knocks metric: count only the knocks verified at the pin. */
  verifiedOnly?: boolean | undefined;
}

/** The period (with the custom days), metric (knocks: verified only or all), scope and board of the leaderboard. */
export function LeaderboardControls({
  value,
  onChange,
}: {
  value: LeaderboardSettings;
  onChange: (next: LeaderboardSettings) => void;
}) {
  const { t } = useTranslation('leaderboard');
  const set = (patch: Partial<LeaderboardSettings>) => onChange({ ...value, ...patch });
  const setPeriod = (patch: Partial<LeaderboardPeriod>) => set({ period: { ...value.period, ...patch } });
  const options = (key: string, values: readonly string[]) =>
    values.map((v) => ({ value: v, label: t(`leaderboard.${key}.${v}` as MessageKey<'leaderboard'>) }));

  return (
    <Group align="flex-end" gap="sm">
      <NativeSelect
        label={t('leaderboard.period')}
        value={value.period.kind}
        data={options('periods', LEADERBOARD_PERIODS)}
        onChange={(e) => setPeriod({ kind: e.currentTarget.value as LeaderboardPeriod['kind'] })}
      />
      {value.period.kind === 'custom' && (
        <>
          <TextInput
            type="date"
            label={t('leaderboard.from')}
            value={value.period.from ?? ''}
            onChange={(e) => setPeriod({ from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('leaderboard.to')}
            value={value.period.to ?? ''}
            onChange={(e) => setPeriod({ to: e.currentTarget.value })}
          />
        </>
      )}
      <NativeSelect
        label={t('leaderboard.metric')}
        value={value.metric}
        data={options('metrics', LEADERBOARD_METRICS)}
        onChange={(e) => set({ metric: e.currentTarget.value as LeaderboardMetric })}
      />
      {value.metric === 'knocks' && (
        <Switch
          label={t('leaderboard.verifiedOnly')}
          checked={value.verifiedOnly === true}
          onChange={(e) => set({ verifiedOnly: e.currentTarget.checked })}
          mb={8}
        />
      )}
      <NativeSelect
        label={t('leaderboard.scope')}
        value={value.scope}
        data={options('scopes', LEADERBOARD_SCOPES)}
        onChange={(e) => set({ scope: e.currentTarget.value as LeaderboardScope })}
      />
      <NativeSelect
        label={t('leaderboard.board')}
        value={value.board}
        data={options('boards', LEADERBOARD_BOARDS)}
        onChange={(e) => set({ board: e.currentTarget.value as LeaderboardBoard })}
      />
    </Group>
  );
}
