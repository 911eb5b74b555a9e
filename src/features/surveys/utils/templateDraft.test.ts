import { describe, expect, it } from 'vitest';
import { templateQuestionsSchema } from '#src/domain/surveys/index.ts';
import { fromDraft, moveQuestion, newQuestion, toDraft } from './templateDraft.ts';

describe('template draft', () => {
  it('round-trips questions and gives new ones unused ids', () => {
    const first = {
      ...newQuestion([]),
      label: 'Roof',
      type: 'single_choice' as const,
      options: 'Tile\n\n Shingle ',
    };
    const second = {
      ...newQuestion([first]),
      label: 'Tiles',
      type: 'number' as const,
      min: 0 as const,
      showIf: first.id,
      showValue: 'Tile',
    };
    expect(second.id).not.toBe(first.id);
    const questions = fromDraft([first, second]);
    expect(questions).toEqual([
      { id: 'q1', type: 'single_choice', label: 'Roof', required: false, options: ['Tile', 'Shingle'] },
      {
        id: 'q2',
        type: 'number',
        label: 'Tiles',
        required: false,
        min: 0,
        show_if: { question_id: 'q1', equals: 'Tile' },
      },
    ]);
    expect(templateQuestionsSchema.safeParse(questions).success).toBe(true);
    expect(fromDraft(questions.map(toDraft))).toEqual(questions);
  });
  it('clears a condition that would point forward after a move', () => {
    const a = { ...newQuestion([]), label: 'A', type: 'yes_no' as const };
    const b = { ...newQuestion([a]), label: 'B', showIf: a.id, showValue: true };
    const moved = moveQuestion([a, b], 1, -1);
    expect(moved.map((q) => [q.id, q.showIf])).toEqual([
      ['q2', ''],
      ['q1', ''],
    ]);
  });
});
