import { Alert, Button, Group, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProposalRow } from '#src/db/rows.ts';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useLeadSurveys, useProposalLeads } from '#src/device/hooks/useProposals.ts';
import { GUIDE_STEPS, type GuideStep } from '#src/domain/proposals/index.ts';
import { signatureState } from '#src/domain/proposals/signature.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { type Guide, useGuide } from '../hooks/useGuide.ts';
import { useProposalActions } from '../hooks/useProposalActions.ts';
import { proposalFields } from '../utils/draft.ts';
import { forgetDraft } from '../utils/keptDraft.ts';
import { DownloadPdfButton } from './DownloadPdfButton.tsx';
import { LeadStep } from './LeadStep.tsx';
import { ProductsStep } from './ProductsStep.tsx';
import { ProposalStep } from './ProposalStep.tsx';
import { SizeStep } from './SizeStep.tsx';
import { SurveyStep } from './SurveyStep.tsx';
import { UsageStep } from './UsageStep.tsx';

const STEP_BODIES: Record<GuideStep, (props: { guide: Guide }) => React.JSX.Element> = {
  lead: LeadStep,
  usage: UsageStep,
  size: SizeStep,
  products: ProductsStep,
  survey: SurveyStep,
  proposal: ProposalStep,
};

/**
 * The lead guide's steps (Mantine Stepper): lead → utility and usage → system size → products and
 * financing → survey → proposal. What was typed stays while moving between steps; moving on
 * checks the step; saving checks them all and goes back to the first with a problem.
 */
export function GuideStepper({ leadId, proposal }: { leadId: string; proposal: ProposalRow | undefined }) {
  const { t } = useTranslation('proposals');
  const navigate = useNavigate();
  const guide = useGuide({ leadId, proposal });
  const surveys = useLeadSurveys(guide.draft.leadId);
  const leads = useProposalLeads();
  // Who may write no proposal (Guests), or a lead the user may not edit (a teammate's, opened from
  // a link): the server would refuse the save.
  const mayWrite =
    recordDenial(useActor(), 'proposals', proposal ? 'edit' : 'create', undefined) === undefined;
  const refused =
    !mayWrite || (!!guide.draft.leadId && !!leads && !leads.some((l) => l.value === guide.draft.leadId));
  const actions = useProposalActions();
  const [saving, setSaving] = useState(false);
  const narrow = useMediaQuery('(max-width: 48em)');
  const last = guide.active === GUIDE_STEPS.length - 1;

  const save = async () => {
    if (!guide.checkAll()) return;
    const { draft } = guide;
    const survey = surveys?.find((s) => s.id === draft.surveyId);
    const fields = proposalFields(draft, survey);
    // A survey attached earlier that this device no longer holds stays attached as it was.
    if (draft.surveyId && !survey && proposal?.survey_id === draft.surveyId) {
      delete fields.survey_id;
      delete fields.survey_response;
    }
    setSaving(true);
    const id = await actions.save(proposal?._id, fields);
    setSaving(false);
    if (id && !proposal) {
      forgetDraft();
      navigate(`/proposal?id=${id}`, { replace: true });
    }
  };

  return (
    <>
      {refused && <Alert color="yellow">{t('proposals.noAccess')}</Alert>}
      {proposal && signatureState(proposal) === 'signed' && !refused ? (
        <Alert color="blue">{t('proposals.signature.editNote')}</Alert>
      ) : null}
      <Stepper
        active={guide.active}
        onStepClick={guide.goTo}
        orientation={narrow ? 'vertical' : 'horizontal'}
        size="sm"
        aria-label={t('proposals.stepsLabel')}
      >
        {GUIDE_STEPS.map((step) => {
          const Body = STEP_BODIES[step];
          return (
            <Stepper.Step key={step} label={t(`proposals.steps.${step}`)}>
              <Body guide={guide} />
            </Stepper.Step>
          );
        })}
      </Stepper>
      <Group justify="space-between" mt="md">
        <Button variant="default" onClick={guide.back} disabled={guide.active === 0}>
          {t('proposals.back')}
        </Button>
        <Group>
          {last && proposal && <DownloadPdfButton id={proposal._id} />}
          {last ? (
            <Button onClick={() => void save()} loading={saving} disabled={refused}>
              {t('proposals.save')}
            </Button>
          ) : (
            <Button onClick={guide.next}>{t('proposals.next')}</Button>
          )}
        </Group>
      </Group>
    </>
  );
}
