import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Notice } from '../hooks/useConnections.ts';

const COLORS = { ok: 'green', warn: 'yellow', error: 'red' } as const;

/** The outcome of the last action, announced to screen readers. */
export function NoticeAlert({ notice }: { notice: Notice | undefined }) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <Alert
      color={COLORS[notice.tone]}
      title={notice.tone === 'error' ? t('common.error') : undefined}
      role="status"
    >
      {notice.text}
    </Alert>
  );
}
