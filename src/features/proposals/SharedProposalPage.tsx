import { Alert, Badge, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '#src/api/appClient.ts';
import { serverFailure } from '#src/api/serverFailure.ts';
import { formatCurrency, formatDate, formatDateTime } from '#src/domain/format.ts';
import type { SharedProposal } from '#src/domain/proposals/signatureShare.ts';
import { sharedProposalPath } from '#src/domain/proposals/signatureSharePaths.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';

/**
 * `/signed/{token}`: the homeowner's copy of their signed proposal, opened without an account
 * through the link their sales representative shared: who signed and when, whether the signature
 * still holds, where the deal stands, and the signed PDF. Read only; a wrong or expired link says so.
 */
export function SharedProposalPage() {
  const { t } = useTranslation('proposals');
  const { token = '' } = useParams();
  const [shared, setShared] = useState<SharedProposal>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let stale = false;
    api.request<{ data: SharedProposal }>(sharedProposalPath(encodeURIComponent(token))).then(
      (answer) => !stale && setShared(answer.data),
      (err: unknown) =>
        !stale &&
        setError(
          serverFailure(err, {
            offline: t('proposals.shared.offline'),
            failed: t('proposals.shared.failed'),
          }),
        ),
    );
    return () => {
      stale = true;
    };
  }, [token, t]);
  const language = shownLanguage();

  return (
    <Container component="main" size={560} py="xl">
      <Title order={1} mb="md">
        {shared ? shared.proposal_name : t('proposals.shared.title')}
      </Title>
      {error ? (
        <Alert color="red" role="alert" title={t('proposals.shared.unavailable')}>
          {error}
        </Alert>
      ) : !shared ? (
        <Loader size="sm" aria-label={t('proposals.shared.loading')} />
      ) : (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm">
            {shared.org_name ? <Text fw={600}>{shared.org_name}</Text> : null}
            <Text>
              {t('proposals.signature.signedBy', {
                name: shared.signer_name,
                date: formatDateTime(shared.signed_at, language),
              })}
            </Text>
            <Group gap="xs">
              {shared.signature_state === 'signed' ? (
                <Badge color="green" variant="light">
                  {t('proposals.shared.holds')}
                </Badge>
              ) : (
                <Badge color="orange" variant="light">
                  {t('proposals.shared.void')}
                </Badge>
              )}
            </Group>
            <Text>
              {t('proposals.shared.deal', {
                status: shared.deal_stage_status || shared.deal_stage || t('proposals.shared.noStatus'),
              })}
            </Text>
            {shared.contract_amount !== null ? (
              <Text>
                {t('proposals.shared.amount', { amount: formatCurrency(shared.contract_amount, language) })}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('proposals.signature.hash', { hash: shared.hash })}
            </Text>
            <Group>
              <Button component="a" href={shared.pdf_url} target="_blank" rel="noopener">
                {t('proposals.signature.download')}
              </Button>
            </Group>
            <Text size="sm">
              {t('proposals.shared.expires', { date: formatDate(shared.expires_at, language) })}
            </Text>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
