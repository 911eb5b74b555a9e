import { Alert, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useProposal } from '#src/device/hooks/useProposals.ts';
import { GuideStepper } from './components/GuideStepper.tsx';
import { SignatureSection } from './components/SignatureSection.tsx';

/**
 * `/proposal`: the lead guide a closer walks with the homeowner, from usage to a saved proposal.
 * `?lead=<id>` starts it for that lead; `?id=<proposal>` opens a saved proposal to edit it, print
 * it and have the homeowner sign it. Everything reads and writes the device, so it works offline.
 */
export function ProposalGuidePage() {
  const { t } = useTranslation('proposals');
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const leadId = params.get('lead') ?? '';
  const proposal = useProposal(id);
  return (
    <Stack>
      <Title order={1} size="h2">
        {id ? t('proposals.editTitle') : t('proposals.guideTitle')}
      </Title>
      {id && proposal === undefined ? (
        <Loader size="sm" aria-label={t('proposals.loading')} />
      ) : id && !proposal ? (
        <Alert color="yellow">{t('proposals.notFound')}</Alert>
      ) : (
        <>
          {proposal ? <SignatureSection proposal={proposal} /> : null}
          <GuideStepper key={id ?? leadId} leadId={leadId} proposal={proposal ?? undefined} />
        </>
      )}
    </Stack>
  );
}
