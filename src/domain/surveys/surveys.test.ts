import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answeredCount,
  answerProblems,
  firstAnswerProblem,
  isAnswered,
  type Question,
  questionSchema,
  shownAnswers,
  surveyFilledAt,
  TEMPLATE_MESSAGES,
  templateProblems,
  templateQuestionsSchema,
  visibleQuestions,
} from './index.ts';

const PHOTO = '0190a0a0-0000-7000-8000-000000000001';

const questions: Question[] = [
  { id: 'roof', type: 'single_choice', label: 'Roof type', required: true, options: ['Tile', 'Shingle'] },
  {
    id: 'tiles',
    type: 'number',
    label: 'Broken tiles',
    required: true,
    min: 0,
    max: 100,
    show_if: { question_id: 'roof', equals: 'Tile' },
  },
  { id: 'shade', type: 'yes_no', label: 'Shaded?', required: false },
  {
    id: 'trees',
    type: 'multiple_choice',
    label: 'Trees',
    required: false,
    options: ['Oak', 'Pine'],
    show_if: { question_id: 'shade', equals: true },
  },
  { id: 'notes', type: 'long_text', label: 'Notes', required: false },
  { id: 'visit', type: 'date', label: 'Visit day', required: false },
  { id: 'photo', type: 'photo', label: 'Roof photo', required: false },
  { id: 'name', type: 'short_text', label: 'Name', required: false },
];

describe('template rules', () => {
  it('accepts a well-formed template', () => {
    expect(templateProblems(questions)).toEqual([]);
    expect(templateQuestionsSchema.safeParse(questions).success).toBe(true);
  });
  it('refuses repeated ids, choices without options, and conditions on later or photo questions', () => {
    const bad: Question[] = [
      {
        id: 'a',
        type: 'short_text',
        label: 'A',
        required: false,
        show_if: { question_id: 'b', equals: 'x' },
      },
      { id: 'b', type: 'single_choice', label: 'B', required: false },
      { id: 'b', type: 'photo', label: 'C', required: false },
      {
        id: 'd',
        type: 'short_text',
        label: 'D',
        required: false,
        show_if: { question_id: 'd', equals: 'x' },
      },
      { id: 'e', type: 'number', label: 'E', required: false, min: 5, max: 1 },
    ];
    expect(templateProblems(bad)).toEqual([
      { path: [0, 'show_if'], message: TEMPLATE_MESSAGES.notEarlier },
      { path: [1, 'options'], message: TEMPLATE_MESSAGES.needsOptions },
      { path: [2, 'id'], message: TEMPLATE_MESSAGES.duplicateId },
      { path: [3, 'show_if'], message: TEMPLATE_MESSAGES.notEarlier },
      { path: [4, 'min'], message: TEMPLATE_MESSAGES.minAboveMax },
    ]);
  });
  it('refuses an unknown type, a blank label and a condition with neither equals nor in', () => {
    expect(questionSchema.safeParse({ id: 'a', type: 'essay', label: 'A' }).success).toBe(false);
    expect(questionSchema.safeParse({ id: 'a', type: 'date', label: '  ' }).success).toBe(false);
    expect(questionSchema.safeParse({ id: 'a b', type: 'date', label: 'A' }).success).toBe(false);
    expect(
      questionSchema.safeParse({ id: 'a', type: 'date', label: 'A', show_if: { question_id: 'x' } }).success,
    ).toBe(false);
  });
});

describe('visible questions', () => {
  it('shows a conditional question only when the earlier answer matches', () => {
    const ids = (answers: Record<string, unknown>) => visibleQuestions(questions, answers).map((q) => q.id);
    expect(ids({})).not.toContain('tiles');
    expect(ids({ roof: 'Tile' })).toContain('tiles');
    expect(ids({ roof: 'Shingle' })).not.toContain('tiles');
    expect(ids({ shade: true })).toContain('trees');
    expect(ids({ shade: false })).not.toContain('trees');
  });
  it('hides a question whose condition depends on a hidden question', () => {
    const chain: Question[] = [
      { id: 'a', type: 'yes_no', label: 'A', required: false },
      { id: 'b', type: 'yes_no', label: 'B', required: false, show_if: { question_id: 'a', equals: true } },
      { id: 'c', type: 'short_text', label: 'C', required: false, show_if: { question_id: 'b', in: [true] } },
    ];
    expect(visibleQuestions(chain, { a: false, b: true }).map((q) => q.id)).toEqual(['a']);
    expect(visibleQuestions(chain, { a: true, b: true }).map((q) => q.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('answer problems', () => {
  it('asks for required answers, including conditional ones once shown', () => {
    expect(answerProblems(questions, {})).toEqual({ roof: { code: 'required' } });
    expect(answerProblems(questions, { roof: 'Tile' })).toEqual({ tiles: { code: 'required' } });
    expect(answerProblems(questions, { roof: 'Tile', tiles: 3 })).toEqual({});
  });
  it('refuses wrong kinds, options not offered, ranges, dates and photos', () => {
    expect(
      answerProblems(questions, {
        roof: 'Metal',
        shade: 'yes',
        notes: 5,
        visit: '2026-02-30',
        photo: ['not-an-id'],
        name: 'x'.repeat(501),
      }),
    ).toEqual({
      roof: { code: 'option' },
      shade: { code: 'yesNo' },
      notes: { code: 'text', max: 5000 },
      visit: { code: 'date' },
      photo: { code: 'photo', max: 10 },
      name: { code: 'text', max: 500 },
    });
    expect(answerProblems(questions, { roof: 'Tile', tiles: 101 }).tiles).toEqual({ code: 'max', max: 100 });
    expect(answerProblems(questions, { roof: 'Tile', tiles: -1 }).tiles).toEqual({ code: 'min', min: 0 });
    expect(answerProblems(questions, { roof: 'Tile', tiles: '3' }).tiles).toEqual({ code: 'number' });
    expect(answerProblems(questions, { roof: 'Shingle', shade: true, trees: ['Oak', 'Oak'] }).trees).toEqual({
      code: 'options',
    });
    expect(answerProblems(questions, { roof: 'Shingle', photo: [PHOTO] })).toEqual({});
  });
  it('refuses answers to hidden or unknown questions', () => {
    expect(answerProblems(questions, { roof: 'Shingle', tiles: 4, other: 'x' })).toEqual({
      tiles: { code: 'hidden' },
      other: { code: 'unknown' },
    });
    expect(firstAnswerProblem(questions, { roof: 'Shingle', tiles: 4 })).toBe(
      'responses.tiles: “Broken tiles” is not asked for the answers given',
    );
  });
  it('keeps only shown, given answers and counts them', () => {
    const answers = { roof: 'Shingle', tiles: 4, name: '  Ana  ', notes: '' };
    expect(shownAnswers(questions, answers)).toEqual({ roof: 'Shingle', name: 'Ana' });
    expect(answeredCount(questions, answers)).toEqual({ answered: 2, shown: 6 });
  });
});

/** Any answer of the right kind for a question. */
function validAnswer(q: Question): fc.Arbitrary<unknown> {
  switch (q.type) {
    case 'short_text':
      return fc.string({ minLength: 1, maxLength: 50 }).filter((s) => s.trim() !== '');
    case 'long_text':
      return fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== '');
    case 'number':
      return fc.integer({ min: q.min ?? -1000, max: q.max ?? 1000 });
    case 'yes_no':
      return fc.boolean();
    case 'single_choice':
      return fc.constantFrom(...(q.options ?? []));
    case 'multiple_choice':
      return fc.subarray(q.options ?? [], { minLength: 1 });
    case 'date':
      return fc
        .date({ min: new Date('1950-01-01'), max: new Date('2150-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'photo':
      return fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 10 });
  }
}

describe('when a survey was filled', () => {
  it.each([
    {
      survey: { completed_at: '2026-03-02T10:00:00Z', created_at: '2026-03-01T09:00:00Z' },
      expected: '2026-03-02T10:00:00Z',
    },
    { survey: { completed_at: null, created_at: '2026-03-01T09:00:00Z' }, expected: '2026-03-01T09:00:00Z' },
    { survey: { created_at: '2026-03-01T09:00:00Z' }, expected: '2026-03-01T09:00:00Z' },
    { survey: {}, expected: undefined },
  ])('$survey is dated $expected', ({ survey, expected }) => {
    expect(surveyFilledAt(survey)).toBe(expected);
  });
});

describe('answer validation properties', () => {
  it('accepts any well-kinded answers to the shown questions once required ones are given', () => {
    fc.assert(
      fc.property(
        fc.record(
          Object.fromEntries(questions.map((q) => [q.id, fc.option(validAnswer(q), { nil: undefined })])),
        ),
        (raw) => {
          const answers: Record<string, unknown> = {};
          for (const q of questions) if (raw[q.id] !== undefined) answers[q.id] = raw[q.id];
          const kept = shownAnswers(questions, answers);
          const problems = answerProblems(questions, kept);
          // Only missing required answers may remain, never a wrong kind or a hidden answer.
          for (const problem of Object.values(problems)) expect(problem.code).toBe('required');
          const withRequired = { roof: 'Shingle', ...kept };
          if (withRequired.roof === 'Shingle')
            expect(answerProblems(questions, shownAnswers(questions, withRequired))).toEqual({});
        },
      ),
    );
  });
  it('never accepts an answer of another kind', () => {
    const wrong = fc.oneof(
      fc.object(),
      fc.double({ noNaN: false }),
      fc.string(),
      fc.array(fc.integer(), { minLength: 1 }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...questions.filter((q) => !q.show_if)), wrong, (q, value) => {
        const problems = answerProblems([q], { [q.id]: value });
        const accepted = problems[q.id] === undefined;
        if (accepted && isAnswered(value)) {
          // The only wrong-looking values that pass are real answers of the question's kind.
          expect(
            ['short_text', 'long_text', 'number', 'photo', 'date', 'single_choice'].includes(q.type),
          ).toBe(true);
          if (q.type === 'number') expect(Number.isFinite(value)).toBe(true);
          if (q.type === 'single_choice') expect(q.options).toContain(value);
        }
      }),
    );
  });
  it('always refuses answers to questions the survey does not have', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((k) => !questions.some((q) => q.id === k)),
        fc.jsonValue(),
        (key, value) => {
          expect(answerProblems(questions, { [key]: value })[key]).toEqual({ code: 'unknown' });
        },
      ),
    );
  });
});
