import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#src/domain/format.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { useShareLink } from '../hooks/useShareLink.ts';

/** 'Share with the homeowner': a secret, expiring link to the signed PDF and the deal's status. */
export function ShareLink({ proposalId }: { proposalId: string }) {
  const { t } = useTranslation('proposals');
  const link = useShareLink(proposalId);
  return (
    <Stack gap="xs">
      {link.share ? (
        <>
          <TextInput label={t('proposals.share.link')} value={link.share.url} readOnly />
          <Group>
            <CopyButton value={link.share.url}>
              {({ copied, copy }) => (
                <Button size="sm" variant="light" onClick={copy}>
                  {copied ? t('proposals.share.copied') : t('proposals.share.copy')}
                </Button>
              )}
            </CopyButton>
            <Text size="sm">
              {t('proposals.share.expires', { date: formatDate(link.share.expires_at, shownLanguage()) })}
            </Text>
          </Group>
        </>
      ) : (
        <Group>
          <Button size="sm" variant="light" onClick={() => void link.make()} loading={link.busy}>
            {t('proposals.share.make')}
          </Button>
        </Group>
      )}
      {link.error ? (
        <Alert color="red" role="alert">
          {link.error}
        </Alert>
      ) : null}
    </Stack>
  );
}
