import { Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSyncLogStatus } from '#src/device/hooks/useDiagnostics.ts';
import { useSyncStatus } from '#src/device/hooks/useSyncState.ts';
import { dateTimeOf, languageOf } from '../utils/diagnosticsViews.ts';
import { Facts } from './Facts.tsx';

/** `/beta`: where sync stands: the engine's state, the last completed pull, the cursor, unsent logs. */
export function SyncLogView() {
  const { t, i18n } = useTranslation('diagnostics');
  const engine = useSyncStatus();
  const log = useSyncLogStatus();
  const language = languageOf(i18n.language);
  if (!log) return <Loader size="sm" aria-label={t('diagnostics.loading')} />;
  const yesNo = (value: boolean) => t(value ? 'diagnostics.yes' : 'diagnostics.no');
  const when = (iso: string | null) => (iso ? dateTimeOf(iso, language) : t('diagnostics.never'));
  return (
    <Stack gap="md">
      <Facts
        caption={t('diagnostics.engine')}
        rows={[
          [t('diagnostics.state'), engine.state],
          [t('diagnostics.online'), yesNo(engine.online)],
          [t('diagnostics.leader'), yesNo(engine.leader)],
          [t('diagnostics.lastSynced'), when(engine.lastSyncedAt ?? log.lastSyncedAt)],
          [t('diagnostics.lastError'), engine.error ?? t('diagnostics.none')],
          [t('diagnostics.retryAt'), engine.retryAt ? when(new Date(engine.retryAt).toISOString()) : '—'],
        ]}
      />
      <Facts
        caption={t('diagnostics.pulls')}
        rows={[
          [t('diagnostics.cursor'), String(log.cursor)],
          [t('diagnostics.clientId'), log.clientId ?? '—'],
          [t('diagnostics.nextMutation'), String(log.nextMutationId)],
        ]}
      />
      <Facts
        caption={t('diagnostics.unsent')}
        rows={log.unsentLogs.map((entry) => [entry.table, String(entry.count)])}
      />
    </Stack>
  );
}
