import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useSurveyTemplate } from '#src/device/hooks/useSurveys.ts';
import { readQuestions, TEMPLATE_MESSAGES, templateQuestionsSchema } from '#src/domain/surveys/index.ts';
import type { MessageKey } from '#src/ui/messages.ts';
import { toastDone, toastFailed } from '#src/ui/toasts.tsx';
import {
  type DraftQuestion,
  dropForwardConditions,
  fromDraft,
  moveQuestion,
  newQuestion,
  toDraft,
} from '../utils/templateDraft.ts';

interface Draft {
  name: string;
  description: string;
  archived: boolean;
  questions: DraftQuestion[];
}

const EMPTY: Draft = { name: '', description: '', archived: false, questions: [] };

/** Each question's problems by field, from the shared template schema, and the name's. */
/** The shared rules' English wording, in the language shown (any other message as it is). */
function wording(message: string, t: TFunction<'surveys'>): string {
  const key = Object.entries(TEMPLATE_MESSAGES).find(([, text]) => text === message)?.[0];
  if (key) return t(`surveys.builder.errors.${key}` as MessageKey<'surveys'>);
  return message === 'is required' ? t('surveys.builder.errors.required') : message;
}

function problemsOf(draft: Draft, tried: boolean, t: TFunction<'surveys'>) {
  const byQuestion: Record<string, string>[] = draft.questions.map(() => ({}));
  if (!tried) return { byQuestion, name: undefined as string | undefined, any: false };
  const parsed = templateQuestionsSchema.safeParse(fromDraft(draft.questions));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [index, field] = issue.path;
    const target = typeof index === 'number' ? byQuestion[index] : undefined;
    if (target && typeof field === 'string') target[field] ??= wording(issue.message, t);
  }
  // A condition without its answer would be dropped on save: it is asked for instead.
  let incomplete = false;
  draft.questions.forEach((q, index) => {
    const target = byQuestion[index];
    if (!target || !q.showIf || q.showValue !== '') return;
    target.show_if ??= t('surveys.builder.errors.needsValue');
    incomplete = true;
  });
  const name = draft.name.trim() ? undefined : t('surveys.builder.errors.required');
  return { byQuestion, name, any: !parsed.success || !!name || incomplete };
}

/**
 * The template builder's state: the working copy (from the device's template once read), its
 * problems once a save was tried, and the save through the template command (offline-first).
 */
export function useTemplateBuilder(id: string) {
  const { t } = useTranslation('surveys');
  const isNew = id === 'new';
  const template = useSurveyTemplate(isNew ? undefined : id);
  const { saveSurveyTemplate } = useCommands();
  const actor = useActor();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft | undefined>(isNew ? EMPTY : undefined);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);

  // The working copy starts from the template as first read; later syncs do not overwrite typing.
  useEffect(() => {
    if (draft || !template) return;
    setDraft({
      name: template.name ?? '',
      description: template.description ?? '',
      archived: template.archived ?? false,
      questions: readQuestions(template.questions).map(toDraft),
    });
  }, [draft, template]);

  const problems = useMemo(() => problemsOf(draft ?? EMPTY, tried, t), [draft, tried, t]);
  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...(d ?? EMPTY), ...patch }));
  const setQuestions = (questions: DraftQuestion[]) =>
    update({ questions: dropForwardConditions(questions) });

  async function save() {
    if (!draft) return;
    setTried(true);
    if (problemsOf(draft, true, t).any) return;
    setSaving(true);
    try {
      const savedId = await saveSurveyTemplate(
        isNew ? undefined : id,
        {
          name: draft.name.trim(),
          description: draft.description,
          archived: draft.archived,
          questions: fromDraft(draft.questions),
        },
        actor.user_id,
      );
      toastDone('surveys:surveys.builder.saved');
      setTried(false);
      if (isNew) navigate(`/survey-templates/${savedId}`, { replace: true });
    } catch (err) {
      toastFailed('surveys:surveys.builder.saveError', err);
    } finally {
      setSaving(false);
    }
  }

  return {
    actor,
    template,
    isNew,
    draft,
    problems,
    saving,
    update,
    addQuestion: () => draft && setQuestions([...draft.questions, newQuestion(draft.questions)]),
    changeQuestion: (index: number, next: DraftQuestion) =>
      draft && setQuestions(draft.questions.map((q, i) => (i === index ? next : q))),
    moveQuestion: (index: number, by: -1 | 1) =>
      draft && setQuestions(moveQuestion(draft.questions, index, by)),
    removeQuestion: (index: number) => draft && setQuestions(draft.questions.filter((_, i) => i !== index)),
    save,
  };
}
