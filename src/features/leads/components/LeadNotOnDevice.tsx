import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A lead's screen for an id the device does not hold (deleted, or not the user's to see). */
export function LeadNotOnDevice() {
  const { t } = useTranslation('leads');
  return (
    <Stack maw={640}>
      <Alert color="yellow" role="alert">
        {t('leadDetail.notFound')}
      </Alert>
      <Button component={Link} to="/contacts" variant="default" w="fit-content">
        {t('leadDetail.back')}
      </Button>
    </Stack>
  );
}
