import { Alert, Button, Group, Loader, Select, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLead } from '#src/device/hooks/useLeads.ts';
import { isLanguage, type Language } from '#src/domain/language.ts';
import { emailLanguageOf } from '#src/domain/proposals/shareEmail.ts';
import { emailAddressSchema } from '#src/domain/schemas/smtp.ts';
import { useShareEmails } from '../hooks/useShareEmails.ts';
import { ShareEmailList } from './ShareEmailList.tsx';

/**
 * 'Email it to the homeowner': a new link to the signed proposal, sent by the server to the
 * address given (the lead's email to begin with) in the lead's language unless another is chosen,
 * then how each email went. Online only; without email set up, it says so in the server's words.
 */
export function ShareByEmail({ proposalId, leadId }: { proposalId: string; leadId: string | null }) {
  const { t } = useTranslation('proposals');
  const lead = useLead(leadId ?? undefined);
  const emails = useShareEmails(proposalId);
  const [to, setTo] = useState<string>();
  const [language, setLanguage] = useState<Language>();
  const [error, setError] = useState<string>();
  const shownTo = to ?? lead?.email ?? '';
  const shownLanguage = language ?? emailLanguageOf(lead?.preferred_language) ?? 'en';
  const titleId = `share-email-${proposalId}`;

  async function send(event: FormEvent) {
    event.preventDefault();
    const address = shownTo.trim();
    if (!emailAddressSchema.safeParse(address).success) return setError(t('proposals.shareEmail.badAddress'));
    setError(await emails.send(address, shownLanguage));
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {t('proposals.shareEmail.title')}
      </Title>
      {emails.offline ? (
        <Alert color="yellow" role="status">
          {t('proposals.shareEmail.offline')}
        </Alert>
      ) : emails.loading && emails.ready === undefined ? (
        <Loader size="sm" aria-label={t('proposals.shareEmail.loading')} />
      ) : null}
      {emails.readError ? (
        <Alert color="red" role="alert">
          {emails.readError}
        </Alert>
      ) : null}
      {emails.ready === false ? (
        <Alert color="yellow" role="status">
          {t('proposals.shareEmail.notReady')}
        </Alert>
      ) : null}
      {emails.ready ? (
        <form onSubmit={(e) => void send(e)} aria-labelledby={titleId} noValidate>
          <Stack gap="xs">
            <TextInput
              label={t('proposals.shareEmail.to')}
              type="email"
              inputMode="email"
              required
              value={shownTo}
              onChange={(e) => setTo(e.currentTarget.value)}
            />
            <Select
              label={t('proposals.shareEmail.language')}
              data={[
                { value: 'en', label: t('languageNames.en') },
                { value: 'es', label: t('languageNames.es') },
              ]}
              allowDeselect={false}
              value={shownLanguage}
              onChange={(value) => isLanguage(value) && setLanguage(value)}
            />
            <Group>
              <Button type="submit" size="sm" variant="light" loading={emails.busy}>
                {t('proposals.shareEmail.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {emails.emails ? <ShareEmailList emails={emails.emails} /> : null}
    </Stack>
  );
}
