import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '#src/db/database.ts';
import { surveysOfLead } from '#src/db/queries/surveys.ts';
import type { Question } from '#src/domain/surveys/index.ts';
import { fillSurvey, SurveyAnswersError } from './surveys.ts';

const open = async (name: string) => {
  const db = new CrmDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  return db;
};

const LEAD = '0190a0a0-0000-7000-8000-0000000000aa';
const TEMPLATE = '0190a0a0-0000-7000-8000-0000000000bb';
const QUESTIONS: Question[] = [
  { id: 'roof', type: 'single_choice', label: 'Roof type', required: true, options: ['Tile', 'Shingle'] },
  {
    id: 'tiles',
    type: 'number',
    label: 'Broken tiles',
    required: true,
    show_if: { question_id: 'roof', equals: 'Tile' },
  },
];

async function withTemplate(name: string) {
  const db = await open(name);
  await db.survey_templates.put({
    _id: TEMPLATE,
    name: 'Roof check',
    questions: QUESTIONS,
    revision: 3,
  } as never);
  return db;
}

describe('filling a survey on the device', () => {
  it('refuses missing and wrong answers by question, queuing nothing', async () => {
    const db = await withTemplate('survey-refused');
    const attempt = fillSurvey(db, { lead_id: LEAD, template_id: TEMPLATE, answers: { roof: 'Tile' } });
    await expect(attempt).rejects.toBeInstanceOf(SurveyAnswersError);
    await expect(attempt).rejects.toMatchObject({ problems: { tiles: { code: 'required' } } });
    await expect(
      fillSurvey(db, { lead_id: LEAD, template_id: TEMPLATE, answers: { roof: 'Metal' } }),
    ).rejects.toMatchObject({ problems: { roof: { code: 'option' } } });
    expect(await db.outbox.count()).toBe(0);
  });

  it('queues the answers shown against the revision on the device and lists it on the lead', async () => {
    const db = await withTemplate('survey-queued');
    const id = await fillSurvey(
      db,
      { lead_id: LEAD, template_id: TEMPLATE, answers: { roof: 'Shingle', tiles: 4 } },
      'u1',
    );
    const [entry] = await db.outbox.toArray();
    expect(entry?.args).toMatchObject({
      table: 'surveys',
      id,
      create: true,
      fields: {
        template_id: TEMPLATE,
        template_revision: 3,
        lead_id: LEAD,
        responses: { roof: 'Shingle' },
        status: 'completed',
      },
    });
    const [listed] = await surveysOfLead(db, LEAD);
    expect(listed).toMatchObject({ templateName: 'Roof check', revision: 3 });
    // Until the server's copy comes, it reads with the template's questions (same revision).
    expect(listed?.questions.map((q) => q.id)).toEqual(['roof', 'tiles']);
  });
});
