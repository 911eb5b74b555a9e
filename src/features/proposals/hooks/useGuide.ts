import { useEffect, useState } from 'react';
import type { ProposalRow } from '#src/db/rows.ts';
import {
  type FieldProblems,
  GUIDE_STEPS,
  type GuideDraft,
  type GuideStep,
  stepProblems,
} from '#src/domain/proposals/index.ts';
import { draftFromProposal, emptyDraft } from '../utils/draft.ts';
import { keepDraft, keptDraft } from '../utils/keptDraft.ts';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The guide's state: the draft (kept as typed while moving between steps), the active step and
 * the problems of the step the user tried to leave. Moving on checks the current step; moving
 * back never does. Starts from the saved proposal when one is being edited, else from the draft
 * kept for this lead (back from filling a survey), else empty.
 */
export function useGuide(initial: { leadId: string; proposal: ProposalRow | undefined }) {
  const [kept] = useState(() => (initial.proposal ? undefined : keptDraft(initial.leadId)));
  const [draft, setDraft] = useState<GuideDraft>(() =>
    initial.proposal
      ? draftFromProposal(initial.proposal, today())
      : (kept?.draft ?? emptyDraft(initial.leadId, today())),
  );
  const [active, setActive] = useState(
    initial.proposal
      ? GUIDE_STEPS.length - 1
      : Math.min(kept?.step ?? (initial.leadId ? 1 : 0), GUIDE_STEPS.length - 1),
  );
  const isNew = !initial.proposal;
  useEffect(() => {
    if (isNew) keepDraft(draft, active);
  }, [isNew, draft, active]);
  const [problems, setProblems] = useState<FieldProblems>({});
  const step: GuideStep = GUIDE_STEPS[active] ?? 'lead';

  const change = <K extends keyof GuideDraft>(key: K, value: GuideDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setProblems((p) => (p[key] ? { ...p, [key]: undefined } : p));
  };

  /** Checks the steps before `target` (all of them when saving); answers whether all passed. */
  const checkUpTo = (target: number): boolean => {
    for (let i = 0; i < target; i++) {
      const found = stepProblems(GUIDE_STEPS[i] as GuideStep, draft);
      if (Object.keys(found).length) {
        setActive(i);
        setProblems(found);
        return false;
      }
    }
    setProblems({});
    return true;
  };

  const goTo = (target: number) => {
    if (target <= active) {
      setProblems({});
      setActive(target);
    } else if (checkUpTo(target)) setActive(target);
  };

  return {
    draft,
    change,
    step,
    active,
    problems,
    goTo,
    next: () => goTo(Math.min(active + 1, GUIDE_STEPS.length - 1)),
    back: () => goTo(Math.max(active - 1, 0)),
    /** Every step checked, for the save. */
    checkAll: () => checkUpTo(GUIDE_STEPS.length),
  };
}

export type Guide = ReturnType<typeof useGuide>;
