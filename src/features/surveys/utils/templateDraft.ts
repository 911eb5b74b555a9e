/**
 * The template builder's working copy: questions as the form edits them (options as lines of
 * text), turned into the template's questions on save. Ids stay with their question when it moves,
 * so answers of older revisions still match.
 */
import {
  CHOICE_TYPES,
  type ConditionValue,
  type Question,
  type QuestionType,
} from '#src/domain/surveys/index.ts';

export interface DraftQuestion {
  id: string;
  type: QuestionType;
  label: string;
  required: boolean;
  /** One option per line. */
  options: string;
  min: number | '';
  max: number | '';
  /** The earlier question this one depends on ('' for always shown) and the answer it needs. */
  showIf: string;
  showValue: ConditionValue | '';
}

export function toDraft(q: Question): DraftQuestion {
  return {
    id: q.id,
    type: q.type,
    label: q.label,
    required: q.required,
    options: (q.options ?? []).join('\n'),
    min: q.min ?? '',
    max: q.max ?? '',
    showIf: q.show_if?.question_id ?? '',
    showValue: q.show_if?.equals ?? q.show_if?.in?.[0] ?? '',
  };
}

/** A new question with an id no other question of the template has. */
export function newQuestion(existing: readonly DraftQuestion[]): DraftQuestion {
  const taken = new Set(existing.map((q) => q.id));
  let n = existing.length + 1;
  while (taken.has(`q${n}`)) n++;
  return {
    id: `q${n}`,
    type: 'short_text',
    label: '',
    required: false,
    options: '',
    min: '',
    max: '',
    showIf: '',
    showValue: '',
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The template's questions (the shared schema checks them when saved). */
export function fromDraft(drafts: readonly DraftQuestion[]): Question[] {
  return drafts.map((d) => {
    const q: Question = { id: d.id, type: d.type, label: d.label.trim(), required: d.required };
    if (CHOICE_TYPES.has(d.type)) q.options = lines(d.options);
    if (d.type === 'number') {
      if (d.min !== '') q.min = d.min;
      if (d.max !== '') q.max = d.max;
    }
    if (d.showIf && d.showValue !== '') q.show_if = { question_id: d.showIf, equals: d.showValue };
    return q;
  });
}

/** Moves the question at `index` by `by` places; a question moved above the one it depends on loses its condition. */
export function moveQuestion(drafts: readonly DraftQuestion[], index: number, by: -1 | 1): DraftQuestion[] {
  const to = index + by;
  if (to < 0 || to >= drafts.length) return [...drafts];
  const out = [...drafts];
  const [moved] = out.splice(index, 1);
  if (moved) out.splice(to, 0, moved);
  return dropForwardConditions(out);
}

/** Conditions may only point back: any that no longer does is cleared. */
export function dropForwardConditions(drafts: readonly DraftQuestion[]): DraftQuestion[] {
  const earlier = new Set<string>();
  return drafts.map((d) => {
    const keep = !d.showIf || earlier.has(d.showIf);
    earlier.add(d.id);
    return keep ? d : { ...d, showIf: '', showValue: '' };
  });
}
