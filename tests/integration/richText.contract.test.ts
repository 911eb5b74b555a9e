import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { announcements, legalDocuments, notes } from '#server/db/schema.ts';
import { sanitizeStoredRichTextRows } from '#server/services/richText.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { pulledRows } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const DIRTY =
  '<b>bold</b><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)" onclick="x()">link</a>';
const CLEAN = '<b>bold</b><a>link</a>';

/** What every stored or answered rich-text field must look like after DIRTY went in. */
function expectClean(html: unknown) {
  expect(html).toBe(CLEAN);
  expect(html).toContain('<b>bold</b>');
  expect(html).toContain('link');
  expect(html).not.toMatch(/script|<img|onerror|onclick|javascript:/i);
}

describe.each(testDatabaseKinds())('rich text is stored sanitised on %s', (kind) => {
  const t = useApiWorld(kind, ['rep']);

  const push = async (mutations: { name: string; args: unknown }[]) => {
    const res = await t.api.call('POST', '/api/v2/sync/push', {
      token: t.tokens.rep,
      body: {
        client_id: randomUUID(),
        schema_version: 1,
        mutations: mutations.map((m, i) => ({ id: i + 1, ...m })),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.results as { status: string }[]).map((r) => r.status);
  };

  const pulled = (who: UserKey, table: string) => pulledRows(t.api, t.tokens[who], table);

  const storedNote = async (id: string) =>
    (await t.tdb.handle.db.select().from(notes).where(eq(notes.id, id)))[0];

  it('a note pushed with record.save.v1 is stored and pulled without script markup, new or edited', async () => {
    const id = randomUUID();
    const save = (fields: Record<string, unknown>, create: boolean) => ({
      name: 'record.save.v1',
      args: { table: 'notes', id, create, fields },
    });
    expect(
      await push([
        save({ lead_id: t.world.contacts.repOwn, type: 'Lead', subject: 'XSS', body: DIRTY }, true),
      ]),
    ).toEqual(['applied']);
    expectClean((await storedNote(id))?.body);
    expectClean((await pulled('rep', 'notes')).find((n) => n._id === id)?.body);

    // An edit of the body goes through the same door. Allowed tags stay; beside markup a bare '&'
    // comes back as '&amp;' (the same HTML); text without markup is stored exactly as written.
    expect(await push([save({ body: `Gate & code ${DIRTY}` }, false)])).toEqual(['applied']);
    expect((await storedNote(id))?.body).toBe(`Gate &amp; code ${CLEAN}`);
    expect(await push([save({ body: 'Gate <i>1234</i><br><strong>dog</strong>' }, false)])).toEqual([
      'applied',
    ]);
    expect((await storedNote(id))?.body).toBe('Gate <i>1234</i><br><strong>dog</strong>');
    expect(await push([save({ body: 'Gate & code < 1234 >' }, false)])).toEqual(['applied']);
    expect((await storedNote(id))?.body).toBe('Gate &amp; code &lt; 1234 &gt;');
    expect(await push([save({ body: 'Gate & code 1234 >' }, false)])).toEqual(['applied']);
    expect((await storedNote(id))?.body).toBe('Gate & code 1234 >');
  });

  it('the terms document answers clean even when stored with markup', async () => {
    await t.tdb.handle.db.insert(legalDocuments).values({
      org_id: t.world.org,
      slug: 'terms',
      doc_version: '2099-01',
      title: 'Terms',
      content: DIRTY,
      created_at: '2099-01-01T00:00:00.000Z',
    });
    const res = await t.api.call('GET', `/api/v2/legal/terms?org=${t.world.org}`);
    expect(res.status).toBe(200);
    expect(res.body.version).toBe('2099-01');
    expectClean(res.body.content);
  });

  it('the maintenance step rewrites rows stored with markup, with a new version, once', async () => {
    const db = t.tdb.handle.db;
    const noteId = randomUUID();
    const plainId = randomUUID();
    await db.insert(notes).values([
      { id: noteId, org_id: t.world.org, lead_id: t.world.contacts.repOwn, body: DIRTY },
      { id: plainId, org_id: t.world.org, lead_id: t.world.contacts.repOwn, body: 'No markup & fine' },
    ]);
    const [news] = await db
      .insert(announcements)
      .values({ org_id: t.world.org, title: 'News', content: DIRTY })
      .returning();

    expect(await sanitizeStoredRichTextRows(db)).toBeGreaterThanOrEqual(2);
    const note = await storedNote(noteId);
    expectClean(note?.body);
    expect(note?.version).toBeGreaterThan(1);
    expect((await storedNote(plainId))?.version).toBe(1);
    expectClean(
      (
        await db
          .select()
          .from(announcements)
          .where(eq(announcements.id, news?.id as string))
      )[0]?.content,
    );
    expect(await sanitizeStoredRichTextRows(db)).toBe(0);

    expectClean((await pulled('rep', 'notes')).find((n) => n._id === noteId)?.body);
    expectClean((await pulled('rep', 'announcements')).find((a) => a._id === news?.id)?.content);
    expect((await pulled('rep', 'notes')).find((n) => n._id === plainId)?.body).toBe('No markup & fine');
  });
});
