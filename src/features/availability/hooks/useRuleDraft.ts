import { useEffect, useState } from 'react';
import type { DistributionRuleSaveInput } from '#src/domain/schemas/availability.ts';
import { draftOf, type RuleValues, saved, valuesOf, withRow } from '../utils/ruleDraft.ts';
import type { RulePlace } from './useDistributionPage.ts';

/**
 * A rule card's form: it starts from the place's rule, shows a rule changed elsewhere while the
 * person has not touched it, and keeps their choices through the echo of their own save.
 */
export function useRuleDraft(place: RulePlace, save: (input: DistributionRuleSaveInput) => Promise<unknown>) {
  const { kind, cap, windowDays } = valuesOf(place.rule);
  const [form, setForm] = useState(() => draftOf(valuesOf(place.rule)));

  useEffect(() => {
    setForm((kept) => withRow(kept, { kind, cap, windowDays }));
  }, [kind, cap, windowDays]);

  const choose = (change: Partial<RuleValues>) =>
    setForm((kept) => ({ ...kept, draft: { ...kept.draft, ...change } }));

  async function saveRule() {
    const { draft } = form;
    const removed = draft.kind === 'none';
    await save({
      id: place.id,
      scope: place.scope,
      kind: draft.kind === 'none' ? (place.rule?.kind ?? 'round_robin') : draft.kind,
      daily_cap: draft.cap === '' ? null : draft.cap,
      window_days: draft.windowDays,
      ...(removed ? { removed: true } : {}),
    });
    // Once stored, the rule reads as the person saved it (a removed one as no rule).
    setForm((kept) => saved(kept, removed ? valuesOf(undefined) : draft));
  }

  return { draft: form.draft, choose, saveRule };
}
