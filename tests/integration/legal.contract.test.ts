import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalDocuments } from '#server/db/schema.ts';
import { PRERENDERED_DIR, TERMS_MARK } from '#server/http/prerenderedPages.ts';
import { TERMS_VERSION_FIELD } from '#src/domain/legalDocuments.ts';
import type { PullChange } from '#src/domain/schemas/sync.ts';
import { TERMS_PARAGRAPH_MARK, TERMS_TITLE_MARK } from '#src/domain/termsInPage.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds())('publishing the terms on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'outsider']);

  const publish = (who: UserKey, body: unknown) =>
    t.api.call('POST', '/api/v2/legal/terms', { token: t.tokens[who], body });

  it('refuses reps, managers and callers without a session, and changes nothing', async () => {
    const body = { version: 'refused', title: 'Terms', content: '<p>No</p>' };
    expect((await publish('rep', body)).status).toBe(403);
    expect((await publish('manager', body)).status).toBe(403);
    expect((await t.api.call('POST', '/api/v2/legal/terms', { body })).status).toBe(401);
    expect((await t.api.call('GET', '/api/v2/legal/terms')).body.version).toBe('2026-01');
  });

  it('refuses incomplete or unknown fields with their names', async () => {
    const missing = await publish('admin', { version: '2026-02', title: 'Terms' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('content');
    expect((await publish('admin', { version: ' ', title: 'Terms', content: 'x' })).status).toBe(400);
    expect((await publish('admin', { version: 'v', title: 'T', content: 'x', extra: 1 })).status).toBe(400);
    expect((await publish('admin', { version: 'v', title: 'T', content: '<script>x</script>' })).status).toBe(
      400,
    );
  });

  it('publishes a new version, stored sanitised, which everyone must accept again', async () => {
    const accepted = await t.api.call('POST', '/api/v2/auth/accept', {
      token: t.tokens.rep,
      body: { tosVersion: '2026-01' },
    });
    expect(accepted.status).toBe(200);
    const res = await publish('admin', {
      version: '2026-02',
      title: 'Terms of use',
      content: '<p onclick="steal()">New <b>terms</b><script>alert(1)</script></p>',
    });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe('2026-02');
    const current = await t.api.call('GET', '/api/v2/legal/terms');
    expect(current.body.version).toBe('2026-02');
    expect(current.body.title).toBe('Terms of use');
    expect(current.body.content).toContain('<b>terms</b>');
    expect(current.body.content).not.toMatch(/script|onclick/);
    const validated = await t.api.call('POST', '/api/v2/auth/validate', { token: t.tokens.rep });
    expect(validated.body.terms_accepted).toBeNull();
  });

  it('never reuses a version number', async () => {
    const again = await publish('admin', { version: '2026-02', title: 'Terms', content: 'Other text' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Version 2026-02 of the terms has been published already.');
  });

  it("publishes only in the caller's own org", async () => {
    const res = await publish('outsider', { version: 'other-1', title: 'Other terms', content: 'Theirs' });
    expect(res.status).toBe(200);
    expect((await t.api.call('GET', `/api/v2/legal/terms?org=${t.world.otherOrg}`)).body.version).toBe(
      'other-1',
    );
    expect((await t.api.call('GET', '/api/v2/legal/terms')).body.version).toBe('2026-02');
  });

  it("tells signed-in devices of a new version through the pull: the org's record names it", async () => {
    const pull = async (who: UserKey, cursor: number) => {
      const res = await t.api.call('GET', `/api/v2/sync/pull?cursor=${cursor}&limit=5000`, {
        token: t.tokens[who],
      });
      expect(res.status).toBe(200);
      return res.body as unknown as { cursor: number; changes: PullChange[] };
    };
    const caughtUp = async (who: UserKey) => {
      let cursor = 0;
      for (;;) {
        const page = await t.api.call('GET', `/api/v2/sync/pull?cursor=${cursor}&limit=5000`, {
          token: t.tokens[who],
        });
        cursor = page.body.cursor as number;
        if (!page.body.has_more) return cursor;
      }
    };
    const orgRows = (page: { changes: PullChange[] }) =>
      page.changes.filter((c) => c.table === 'orgs').map((c) => c.row);
    const [rep, outsider] = [await caughtUp('rep'), await caughtUp('outsider')];
    // A refused publication tells no one anything.
    expect((await publish('manager', { version: '2026-03', title: 'T', content: 'x' })).status).toBe(403);
    expect(orgRows(await pull('rep', rep))).toEqual([]);

    expect((await publish('admin', { version: '2026-03', title: 'Terms', content: 'Third' })).status).toBe(
      200,
    );
    const [org] = orgRows(await pull('rep', rep));
    expect(org).toMatchObject({ id: t.world.org, [TERMS_VERSION_FIELD]: '2026-03' });
    // Another org's devices learn nothing of it.
    expect(orgRows(await pull('outsider', outsider))).toEqual([]);

    // Accepting it reaches the user's own record on their devices.
    const accepted = await t.api.call('POST', '/api/v2/auth/accept', {
      token: t.tokens.rep,
      body: { tosVersion: '2026-03' },
    });
    expect(accepted.status).toBe(200);
    const self = (await pull('rep', rep)).changes.find(
      (c) => c.table === 'users' && c.row._id === t.world.users.rep.id,
    );
    expect(self?.row).toMatchObject({ terms_accepted: '2026-03' });
  });
});

describe.each(testDatabaseKinds())('reading a legal document by its slug on %s', (kind) => {
  // The built app's legal page, with the marks where the server writes a page's document.
  const dir = mkdtempSync(join(tmpdir(), 'hs-legal-'));
  mkdirSync(join(dir, PRERENDERED_DIR));
  writeFileSync(join(dir, 'index.html'), '<main>the app</main>');
  writeFileSync(
    join(dir, PRERENDERED_DIR, 'legal.html'),
    `<main><h1>${TERMS_TITLE_MARK}</h1><div>${TERMS_PARAGRAPH_MARK}</div></main>${TERMS_MARK}`,
  );
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const t = useApiWorld(kind, ['rep', 'outsider'], { staticDir: dir });

  const read = (slug: string, org?: number, token?: string) =>
    t.api.call('GET', `/api/v2/legal/documents/${slug}${org === undefined ? '' : `?org=${org}`}`, { token });
  const store = (org: number, slug: string, title: string, content = `<p>${title} text</p>`) =>
    t.tdb.handle.db.insert(legalDocuments).values({ org_id: org, slug, doc_version: '1', title, content });

  beforeAll(async () => {
    await store(
      t.world.org,
      'cookie-policy',
      'Cookie policy',
      '<p onclick="x()">We use <b>cookies</b><script>1</script></p>',
    );
    await store(t.world.otherOrg, 'other-policy', 'Other Co policy');
  });

  it('answers the document published under the slug, sanitised, to anyone', async () => {
    const res = await read('cookie-policy', t.world.org);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      slug: 'cookie-policy',
      version: '1',
      title: 'Cookie policy',
    });
    expect(res.body.content).toContain('<b>cookies</b>');
    expect(res.body.content).not.toMatch(/script|onclick/);
    // No session needed, and one changes nothing: the document is the org's, not the caller's.
    expect((await read('cookie-policy', t.world.org, t.tokens.rep)).body.title).toBe('Cookie policy');
    expect((await read('cookie-policy')).body.title).toBe('Cookie policy');
  });

  it('answers the terms for terms, and for privacy until a privacy document is published', async () => {
    const terms = await read('terms', t.world.org);
    expect(terms.status).toBe(200);
    expect(terms.body).toMatchObject({ slug: 'terms', title: 'Terms of Service' });
    expect((await read('privacy', t.world.org)).body).toMatchObject({
      slug: 'terms',
      title: 'Terms of Service',
    });
    await store(t.world.org, 'privacy', 'Privacy policy');
    expect((await read('privacy', t.world.org)).body).toMatchObject({
      slug: 'privacy',
      title: 'Privacy policy',
    });
    expect((await read('terms', t.world.org)).body.title).toBe('Terms of Service');
  });

  it('answers 404 in the API envelope for a slug nothing is published under, or only withdrawn', async () => {
    const res = await read('nothing-here', t.world.org);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      message: 'No legal document named "nothing-here" has been published.',
    });
    await t.tdb.handle.db.insert(legalDocuments).values({
      org_id: t.world.org,
      slug: 'withdrawn',
      doc_version: '1',
      title: 'Old',
      content: 'Old',
      deleted_at: new Date().toISOString(),
    });
    expect((await read('withdrawn', t.world.org)).status).toBe(404);
  });

  it('refuses a malformed slug or org with a clear 400', async () => {
    for (const slug of ['Cookie-Policy', 'cookie_policy', '-x', 'a'.repeat(61), 'x%20y', 'x.y']) {
      const res = await read(slug, t.world.org);
      expect(res.status, slug).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message, slug).toMatch(/slug/);
    }
    expect((await read('x%00', t.world.org)).status).toBe(400);
    const org = await t.api.call('GET', '/api/v2/legal/documents/terms?org=abc');
    expect(org.status).toBe(400);
    expect(org.body.message).toBe('org must be a positive whole number.');
  });

  it("never answers another org's document, whoever asks", async () => {
    expect((await read('other-policy', t.world.otherOrg)).body.title).toBe('Other Co policy');
    expect((await read('other-policy', t.world.org)).status).toBe(404);
    expect((await read('other-policy')).status).toBe(404);
    // Signed in to the other org changes nothing: the org read is the one named.
    expect((await read('other-policy', t.world.org, t.tokens.outsider)).status).toBe(404);
    expect((await read('cookie-policy', t.world.otherOrg, t.tokens.outsider)).status).toBe(404);
    expect((await read('cookie-policy', t.world.otherOrg, t.tokens.rep)).status).toBe(404);
  });

  it('sends each legal page drawn with its own document, and the app where there is none', async () => {
    const page = async (path: string) => (await t.api.app.request(path)).text();
    const cookies = await page('/legal/cookie-policy');
    expect(cookies).toContain('<h1>Cookie policy</h1>');
    expect(cookies).toContain('"slug":"cookie-policy"');
    expect(await page('/legal/terms')).toContain('<h1>Terms of Service</h1>');
    expect(await page('/legal/privacy')).toContain('<h1>Privacy policy</h1>');
    // Drawn once, then kept: a second visit still gets its own page, not the last one drawn.
    expect(await page('/legal/cookie-policy')).toContain('<h1>Cookie policy</h1>');
    for (const path of ['/legal/nothing-here', '/legal/other-policy', '/legal/Terms', '/legal/terms/more']) {
      expect(await page(path), path).toBe('<main>the app</main>');
    }
  });
});
