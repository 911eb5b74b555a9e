import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProposalRow } from '#src/db/rows.ts';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useProposalLeads } from '#src/device/hooks/useProposals.ts';
import { formatDateTime } from '#src/domain/format.ts';
import { signatureState, storedSignatureOf } from '#src/domain/proposals/signature.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { loadSignedPdf } from '../utils/signing.ts';
import { ShareByEmail } from './ShareByEmail.tsx';
import { ShareLink } from './ShareLink.tsx';
import { SignatureAudit } from './SignatureAudit.tsx';
import { SignatureCheckBadge } from './SignatureCheckBadge.tsx';
import { SignDialog } from './SignDialog.tsx';

/**
 * A saved proposal's signature: not signed yet, signed (by whom, when, and whether the signed PDF
 * is still what was signed), or void after a change of price or design. Whoever may edit the
 * lead opens 'Sign' (again, once void).
 */
export function SignatureSection({ proposal }: { proposal: ProposalRow }) {
  const { t } = useTranslation('proposals');
  const [open, setOpen] = useState(false);
  const leads = useProposalLeads();
  const mayWrite = recordDenial(useActor(), 'proposals', 'edit', undefined) === undefined;
  const canSign = mayWrite && !!leads?.some((l) => l.value === proposal.lead_id);
  const state = signatureState(proposal);
  const signature = storedSignatureOf(proposal);
  const titleId = `signature-${proposal._id}`;
  // The signing code comes now, while there may be a connection: at the table there may be none.
  useEffect(() => {
    if (canSign) void loadSignedPdf().catch(() => undefined);
  }, [canSign]);
  return (
    <Stack component="section" aria-labelledby={titleId} gap="xs">
      <Title order={2} size="h4" id={titleId}>
        {t('proposals.signature.section')}
      </Title>
      {signature ? (
        <>
          <Text size="sm">
            {t('proposals.signature.signedBy', {
              name: signature.content.signer_name,
              date: formatDateTime(signature.content.signed_at, shownLanguage()),
            })}
          </Text>
          {state === 'void' ? (
            <Alert color="orange" role="status">
              {t('proposals.signature.void')}
            </Alert>
          ) : null}
          <SignatureCheckBadge proposal={proposal} signature={signature} pending={!!proposal.pending} />
          <SignatureAudit audit={signature.audit} />
          {canSign && state === 'signed' && !proposal.pending ? (
            <>
              <ShareLink proposalId={proposal._id} />
              <ShareByEmail proposalId={proposal._id} leadId={proposal.lead_id ?? null} />
            </>
          ) : null}
        </>
      ) : (
        <Text size="sm">{t('proposals.signature.unsigned')}</Text>
      )}
      {canSign && state !== 'signed' ? (
        <Group>
          <Button onClick={() => setOpen(true)}>
            {state === 'void' ? t('proposals.signature.signAgain') : t('proposals.sign.open')}
          </Button>
        </Group>
      ) : null}
      {canSign ? <SignDialog proposalId={proposal._id} opened={open} onClose={() => setOpen(false)} /> : null}
    </Stack>
  );
}
