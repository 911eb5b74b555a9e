import { Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#src/domain/format.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { useCalendarFeed } from '../hooks/useCalendarFeed.ts';

/** Make, copy or turn off the secret address calendar apps subscribe to (the user's own appointments). */
export function CalendarFeedSection() {
  const { t } = useTranslation('appointments');
  const feed = useCalendarFeed();
  const online = feed.online;
  const since = formatDateTime(feed.state?.created_at, shownLanguage());
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="calendar-feed-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="calendar-feed-title">
          {t('appointments.feed.title')}
        </Title>
        <Text size="sm">{t('appointments.feed.explain')}</Text>
        {feed.state ? (
          <Text size="sm" fw={600}>
            {feed.state.active
              ? t('appointments.feed.activeSince', { when: since })
              : t('appointments.feed.off')}
          </Text>
        ) : null}
        {feed.url ? (
          <Stack gap={4}>
            <TextInput
              label={t('appointments.feed.address')}
              value={feed.url}
              readOnly
              description={t('appointments.feed.shownOnce')}
            />
            <CopyButton value={feed.url}>
              {({ copied, copy }) => (
                <Button variant="default" w="fit-content" onClick={copy}>
                  {copied ? t('appointments.feed.copied') : t('appointments.feed.copy')}
                </Button>
              )}
            </CopyButton>
          </Stack>
        ) : null}
        {!online ? <Text size="sm">{t('appointments.feed.offline')}</Text> : null}
        {feed.problem ? (
          <Alert color="red" title={t('appointments.feed.error')}>
            {feed.problem}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button onClick={() => void feed.create()} loading={feed.busy} disabled={!online}>
            {feed.state?.active ? t('appointments.feed.regenerate') : t('appointments.feed.create')}
          </Button>
          {feed.state?.active ? (
            <Button variant="default" onClick={() => void feed.revoke()} disabled={!online || feed.busy}>
              {t('appointments.feed.revoke')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
