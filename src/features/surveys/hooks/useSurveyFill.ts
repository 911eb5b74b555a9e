import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';
import { SurveyAnswersError, useCommands } from '#src/device/hooks/useCommands.ts';
import { useLead } from '#src/device/hooks/useLeads.ts';
import { useSurveyTemplate } from '#src/device/hooks/useSurveys.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { safeReturnPath } from '#src/domain/returnPath.ts';
import {
  type AnswerProblem,
  type Answers,
  readQuestions,
  visibleQuestions,
} from '#src/domain/surveys/index.ts';
import { toastDone, toastFailed } from '#src/ui/toasts.tsx';

/**
 * Filling a survey on a lead: the answers typed, the questions they show, each question's problem
 * from the shared rules after a save was tried (kept until that answer changes), and the save.
 */
export function useSurveyFill() {
  const { t } = useTranslation('surveys');
  const { leadId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const templateId = search.get('template') ?? undefined;
  const returnTo = safeReturnPath(search.get('return')) ?? `/contacts/${leadId}`;
  const lead = useLead(leadId);
  const template = useSurveyTemplate(templateId);
  const { fillSurvey } = useCommands();
  const actor = useActor();
  const navigate = useNavigate();
  const [answers, setAnswers] = useState<Answers>({});
  const [problems, setProblems] = useState<Record<string, AnswerProblem>>({});
  const [saving, setSaving] = useState(false);

  const questions = useMemo(() => readQuestions(template?.questions), [template]);
  const shown = useMemo(() => visibleQuestions(questions, answers), [questions, answers]);

  const errorOf = (id: string): string | undefined => {
    const problem = problems[id];
    return problem ? t(`surveys.errors.${problem.code}`, problem) : undefined;
  };

  function answer(id: string, value: unknown) {
    setAnswers((a) => ({ ...a, [id]: value }));
    setProblems(({ [id]: _, ...rest }) => rest);
  }

  async function save() {
    if (!templateId) return;
    setSaving(true);
    try {
      await fillSurvey({ lead_id: leadId, template_id: templateId, answers }, actor.user_id);
      toastDone('surveys:surveys.saved');
      navigate(returnTo);
    } catch (err) {
      if (err instanceof SurveyAnswersError) setProblems(err.problems);
      else toastFailed('surveys:surveys.saveError', err);
    } finally {
      setSaving(false);
    }
  }

  // Who may not add to a lead (a guest) is told so rather than left to a refusal after sync.
  const mayFill = !recordDenial(actor, 'surveys', 'create', undefined);

  return {
    mayFill,
    templateId,
    /** Chooses the template to fill when the link named none (the `return` path stays). */
    chooseTemplate: (id: string) => {
      const next = new URLSearchParams(search);
      next.set('template', id);
      setSearch(next, { replace: true });
    },
    leadId,
    lead,
    template,
    shown,
    answers,
    problems,
    saving,
    returnTo,
    errorOf,
    answer,
    save,
  };
}
