import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Said instead of failing: these screens need the server and the providers. */
export function OfflineNotice() {
  const { t } = useTranslation('integrations');
  return (
    <Alert color="yellow" title={t('integrations.offlineTitle')}>
      {t('integrations.offline')}
    </Alert>
  );
}
