import { useTranslation } from 'react-i18next';
import type { GuideDraft } from '#src/domain/proposals/index.ts';
import type { Guide } from './useGuide.ts';

/** The translated problem of a guide field (for an input's `error`), or undefined. */
export function useFieldError(guide: Guide) {
  const { t } = useTranslation('proposals');
  return (field: keyof GuideDraft) => {
    const problem = guide.problems[field];
    return problem ? t(`proposals.errors.${problem}`) : undefined;
  };
}
