/**
 * Survey templates and surveys through sync (record.save.v1): admins build templates, each change
 * of the questions a new revision kept on the server; reps fill surveys on leads they work, checked
 * against the revision they answered, which the survey keeps. Wrong answers, unknown revisions,
 * other roles and other orgs are refused with a message naming the field.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { surveys, surveyTemplateRevisions, surveyTemplates } from '#server/db/schema.ts';
import type { Question } from '#src/domain/surveys/index.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, mediaRecordSave, pulledRows, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const V1: Question[] = [
  { id: 'roof', type: 'single_choice', label: 'Roof type', required: true, options: ['Tile', 'Shingle'] },
  {
    id: 'tiles',
    type: 'number',
    label: 'Broken tiles',
    required: true,
    min: 0,
    max: 50,
    show_if: { question_id: 'roof', equals: 'Tile' },
  },
];
const V2: Question[] = [...V1, { id: 'shade', type: 'yes_no', label: 'Shaded?', required: true }];

describe.each(testDatabaseKinds())('surveys through sync on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'guest', 'outsider']);

  const push = async (who: UserKey, mutations: { name: string; args: unknown }[]) => {
    const res = await pushMutations(t.api, t.tokens[who], mutations);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results as MutationResults;
  };
  const save = (table: string, id: string, fields: Record<string, unknown>, create = true) => ({
    name: 'record.save.v1',
    args: { table, id, create, fields },
  });
  const db = () => t.tdb.handle.db;
  const revisions = async (templateId: string) =>
    (
      await db()
        .select()
        .from(surveyTemplateRevisions)
        .where(eq(surveyTemplateRevisions.template_id, templateId))
    ).sort((a, b) => a.revision - b.revision);

  /** A template at revision 2 (V2), with revision 1 (V1) kept. */
  async function twoRevisions(): Promise<string> {
    const id = randomUUID();
    const made = await push('admin', [save('survey_templates', id, { name: 'Roof check', questions: V1 })]);
    expect(made[0], JSON.stringify(made)).toMatchObject({ status: 'applied' });
    const edited = await push('admin', [save('survey_templates', id, { questions: V2 }, false)]);
    expect(edited[0], JSON.stringify(edited)).toMatchObject({ status: 'applied' });
    return id;
  }

  it('the first save is revision 1; a change of the questions is the next, a rename is not', async () => {
    const id = randomUUID();
    expect(
      (
        await push('admin', [
          save('survey_templates', id, { name: 'Site visit', questions: V1, description: 'On site' }),
        ])
      )[0]?.status,
    ).toBe('applied');
    expect((await revisions(id)).map((r) => [r.revision, r.questions])).toEqual([[1, V1]]);
    expect(
      (await push('admin', [save('survey_templates', id, { name: 'Site visit 2' }, false)]))[0]?.status,
    ).toBe('applied');
    expect((await push('admin', [save('survey_templates', id, { questions: V2 }, false)]))[0]?.status).toBe(
      'applied',
    );
    expect((await revisions(id)).map((r) => [r.revision, r.questions])).toEqual([
      [1, V1],
      [2, V2],
    ]);
    const pulled = (await pulledRows(t.api, t.tokens.rep, 'survey_templates')).find((r) => r._id === id);
    expect(pulled).toMatchObject({
      name: 'Site visit 2',
      revision: 2,
      questions: V2,
      description: 'On site',
    });
  });

  it('a survey answers the revision it names and keeps its questions after the template changes', async () => {
    const templateId = await twoRevisions();
    const old = randomUUID();
    const current = randomUUID();
    const results = await push('rep', [
      save('surveys', old, {
        template_id: templateId,
        template_revision: 1,
        lead_id: t.world.contacts.repOwn,
        responses: { roof: 'Tile', tiles: 3 },
      }),
      save('surveys', current, {
        template_id: templateId,
        lead_id: t.world.contacts.repOwn,
        responses: { roof: 'Shingle', shade: false },
      }),
    ]);
    expect(
      results.map((r) => r.status),
      JSON.stringify(results),
    ).toEqual(['applied', 'applied']);
    const [first] = await db().select().from(surveys).where(eq(surveys.id, old));
    expect(first).toMatchObject({ template_revision: 1, questions: V1, status: 'completed' });
    expect(first?.completed_at).toBeTruthy();
    const [second] = await db().select().from(surveys).where(eq(surveys.id, current));
    expect(second).toMatchObject({ template_revision: 2, questions: V2 });
    const pulled = (await pulledRows(t.api, t.tokens.rep, 'surveys')).find((r) => r._id === old);
    expect(pulled).toMatchObject({
      template_revision: 1,
      questions: V1,
      responses: { roof: 'Tile', tiles: 3 },
    });
  });

  it('refuses an unknown revision, bad answers and questions it did not ask, naming them', async () => {
    const templateId = await twoRevisions();
    const lead = t.world.contacts.repOwn;
    const survey = (fields: Record<string, unknown>) =>
      save('surveys', randomUUID(), { template_id: templateId, lead_id: lead, ...fields });
    const results = await push('rep', [
      survey({ template_revision: 9, responses: { roof: 'Tile', tiles: 1 } }),
      survey({ template_revision: 1, responses: { roof: 'Tile' } }),
      survey({ template_revision: 1, responses: { roof: 'Metal' } }),
      survey({ template_revision: 1, responses: { roof: 'Tile', tiles: 80 } }),
      survey({ template_revision: 1, responses: { roof: 'Shingle', tiles: 2 } }),
      survey({ template_revision: 1, responses: { roof: 'Shingle', shade: true } }),
      survey({ template_revision: 2, responses: { roof: 'Shingle' } }),
      survey({ template_revision: 1, responses: { roof: 'Shingle' }, status: 'finished' }),
      survey({ template_id: randomUUID(), responses: {} }),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(9).fill('rejected'));
    const messages = results.map((r) => r.message ?? '');
    expect(messages[0]).toContain('template_revision: 9 is not a revision of this template');
    expect(messages[1]).toContain('responses.tiles: “Broken tiles” is required');
    expect(messages[2]).toContain('responses.roof: “Roof type” must be one of the options offered');
    expect(messages[3]).toContain('responses.tiles: “Broken tiles” must be at most 50');
    expect(messages[4]).toContain('responses.tiles: “Broken tiles” is not asked for the answers given');
    expect(messages[5]).toContain('responses.shade: is not a question of this survey');
    expect(messages[6]).toContain('responses.shade: “Shaded?” is required');
    expect(messages[7]).toContain('status: must be one of: draft, completed');
    expect(messages[8]).toContain('template_id: must be a survey template of this organisation');
    // A draft keeps what was answered so far.
    const draft = await push('rep', [
      survey({ template_revision: 2, status: 'draft', responses: { roof: 'Tile' } }),
    ]);
    expect(draft[0]?.status).toBe('applied');
  });

  it('photo answers are files of the survey’s own lead', async () => {
    const templateId = randomUUID();
    const photoQuestion: Question[] = [{ id: 'roof', type: 'photo', label: 'Roof photo', required: true }];
    expect(
      (
        await push('admin', [
          save('survey_templates', templateId, { name: 'Photos', questions: photoQuestion }),
        ])
      )[0]?.status,
    ).toBe('applied');
    const own = randomUUID();
    const other = randomUUID();
    const files = await push('rep', [
      mediaRecordSave(own, t.world.contacts.repOwn, 3),
      mediaRecordSave(other, t.world.contacts.teamA, 3),
    ]);
    expect(
      files.map((r) => r.status),
      JSON.stringify(files),
    ).toEqual(['applied', 'applied']);
    const survey = (photos: string[]) =>
      save('surveys', randomUUID(), {
        template_id: templateId,
        lead_id: t.world.contacts.repOwn,
        responses: { roof: photos },
      });
    const results = await push('rep', [survey([own]), survey([own, other]), survey([randomUUID()])]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'rejected', 'rejected']);
    expect(results[1]?.message).toContain('responses.roof: “Roof photo” must be photos of this lead');
  });

  it('refuses malformed templates naming the question, and server-set fields', async () => {
    const results = await push('admin', [
      save('survey_templates', randomUUID(), {
        name: 'Bad',
        questions: [
          { id: 'a', type: 'short_text', label: 'A', show_if: { question_id: 'b', equals: 'x' } },
          { id: 'b', type: 'single_choice', label: 'B' },
        ],
      }),
      save('survey_templates', randomUUID(), {
        name: 'Bad',
        questions: [{ id: 'a', type: 'essay', label: 'A' }],
      }),
      save('survey_templates', randomUUID(), { name: 'Bad', revision: 4 }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(results[0]?.message).toContain('questions.0.show_if: must refer to an earlier question');
    expect(results[0]?.message).toContain('questions.1.options: a choice question needs at least one option');
    expect(results[1]?.message).toContain('questions.0.type: must be one of');
    expect(results[2]?.message).toContain('revision');
  });

  it('a rep fills surveys but cannot change templates; leads out of reach and other orgs are refused', async () => {
    const templateId = await twoRevisions();
    const answers = { roof: 'Shingle', shade: true };
    const byRep = await push('rep', [
      save('survey_templates', templateId, { name: 'Mine now' }, false),
      save('survey_templates', randomUUID(), { name: 'Rep template' }),
      save('surveys', randomUUID(), {
        template_id: templateId,
        lead_id: t.world.contacts.teamB,
        responses: answers,
      }),
    ]);
    expect(byRep.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(byRep[0]?.message).toContain('Only admins');
    const byGuest = await push('guest', [
      save('surveys', randomUUID(), {
        template_id: templateId,
        lead_id: t.world.contacts.repOwn,
        responses: answers,
      }),
    ]);
    expect(byGuest[0]?.status).toBe('rejected');
    const byOutsider = await push('outsider', [
      save('survey_templates', templateId, { name: 'Taken' }, false),
      save('surveys', randomUUID(), {
        template_id: templateId,
        lead_id: t.world.contacts.otherOrg,
        responses: answers,
      }),
    ]);
    expect(byOutsider.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(byOutsider[1]?.message).toContain('template_id');
    const [template] = await db()
      .select()
      .from(surveyTemplates)
      .where(and(eq(surveyTemplates.id, templateId)));
    expect(template).toMatchObject({ name: 'Roof check', revision: 2 });
    expect(
      (await pulledRows(t.api, t.tokens.outsider, 'survey_templates')).some((r) => r._id === templateId),
    ).toBe(false);
  });
});
