import { useTranslation } from 'react-i18next';
import type { LeadRow } from '#src/db/rows.ts';
import { type LeadChangeInput, type LeadProblem, leadProblems } from '#src/domain/leadNormalization.ts';

/** The fields of a lead a person types whose problems the rules name. */
export type LeadFieldErrors = Partial<Record<'phone' | 'address', string>>;

/**
 * The problems of a lead change, by field, as the lead form and the map's pin maker show them: the
 * rules the device and the server share (`leadProblems`), a phone's in the reader's language and an
 * address's in the spec's text (the server's answer). `existing` is the lead an edit changes.
 */
export function useLeadFieldErrors() {
  const { t } = useTranslation('leads');
  const text = (problem: LeadProblem) =>
    problem.field === 'phone'
      ? t(`lead.phoneErrors.${problem.phone.code}`, { ...problem.phone, defaultValue: problem.error })
      : problem.error;
  return (change: Record<string, unknown>, existing?: LeadRow): LeadFieldErrors => {
    const errors: LeadFieldErrors = {};
    for (const problem of leadProblems(change as LeadChangeInput, { existing })) {
      errors[problem.field === 'phone' ? 'phone' : 'address'] ??= text(problem);
    }
    return errors;
  };
}
