import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportSummary } from '../utils/LeadImportService.ts';

/** What the import did, and what to do next. */
export function ImportSummaryView({
  summary,
  onDownload,
  onAnother,
}: {
  summary: ImportSummary;
  onDownload: () => void;
  onAnother: () => void;
}) {
  const { t } = useTranslation('leads');
  const notImported = summary.skipped + summary.errors;
  return (
    <Stack role="region" aria-label={t('leadImport.summary.title')}>
      <Title order={3}>{t('leadImport.summary.title')}</Title>
      {summary.failure && (
        <Alert color="red" role="alert">
          {t('leadImport.summary.failed', { message: summary.failure })}
        </Alert>
      )}
      <List>
        <List.Item>{t('leadImport.summary.imported', { count: summary.imported })}</List.Item>
        <List.Item>{t('leadImport.summary.skipped', { count: summary.skipped })}</List.Item>
        <List.Item>{t('leadImport.summary.errors', { count: summary.errors })}</List.Item>
      </List>
      <Text size="sm" c="dimmed">
        {t('leadImport.summary.syncNote')}
      </Text>
      <Group>
        {notImported > 0 && (
          <Button variant="light" onClick={onDownload}>
            {t('leadImport.summary.download')}
          </Button>
        )}
        <Button component={Link} to="/contacts" variant="default">
          {t('leadImport.summary.toContacts')}
        </Button>
        <Button variant="subtle" onClick={onAnother}>
          {t('leadImport.summary.importAnother')}
        </Button>
      </Group>
    </Stack>
  );
}
