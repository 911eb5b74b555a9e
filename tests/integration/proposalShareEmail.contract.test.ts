/**
 * A signed proposal's link emailed to its homeowner (`POST /api/v2/proposals/{id}/share/email`):
 * the job queue sends it through the org's mail server (a local catcher here) with the org's name,
 * who signed, the link and its expiry, in the lead's language; the proposal's list says how it
 * went. Refused: the wrong role, another org, no session, an unsigned proposal, hostile addresses,
 * no mail server; past the org's limit, 429. A mail server that is down or on a private address
 * (without OUTBOUND_ALLOW_PRIVATE) leaves the email failed with its reason, never a 5xx.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '#server/config.ts';
import { contacts, proposalShareEmails } from '#server/db/schema.ts';
import { type JobQueue, startJobQueue } from '#server/jobs/queue.ts';
import type { ServiceContext } from '#server/services/context.ts';
import { deliverShareEmail, sweepShareEmails } from '#server/services/mail/shareEmails.ts';
import { useResolver } from '#server/services/outbound/outboundFetch.ts';
import type { ShareEmail, ShareEmailList } from '#src/domain/proposals/shareEmail.ts';
import { SHARE_NOT_SIGNED } from '#src/domain/proposals/signatureShare.ts';
import { PROPOSAL_LEAD_DENIED } from '#src/domain/proposals/statuses.ts';
import { SMTP_NOT_CONFIGURED } from '#src/domain/schemas/smtp.ts';
import { createTestApi, type TestApi, testConfig } from '../support/api.ts';
import type { UserKey } from '../support/apiWorld.ts';
import { createWorld, PASSWORD, type World } from '../support/fixtures.ts';
import { proposalFields, pushAs, signedProposal } from '../support/signedProposals.ts';
import { type SmtpCatcher, startSmtpCatcher } from '../support/smtpCatcher.ts';
import { openTestDatabase, type TestDatabase, testDatabaseKinds } from '../support/testDatabase.ts';

const USERS: UserKey[] = ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider'];

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(testDatabaseKinds('both'))(
  'a signed proposal’s link emailed to its homeowner on %s',
  (kind) => {
    let tdb: TestDatabase;
    let world: World;
    let api: TestApi;
    let queue: JobQueue;
    let catcher: SmtpCatcher;
    const tokens = {} as Record<UserKey, string>;
    const config: ServerConfig = testConfig();

    beforeAll(async () => {
      tdb = await openTestDatabase(kind);
      world = await createWorld(tdb.handle.db);
      // The app and the job queue share one config, so the app's requests reach this queue.
      api = createTestApi(tdb.handle.db, config);
      for (const key of USERS) tokens[key] = await api.login(world.users[key].email, PASSWORD);
      queue = await startJobQueue({ db: tdb.handle.db, config, now: () => new Date() }, tdb.handle, {
        pollingIntervalSeconds: 0.5,
      });
      catcher = await startSmtpCatcher();
    });
    afterAll(async () => {
      await queue?.stop();
      await catcher?.close();
      await tdb?.dispose();
    });

    const useMailServer = async (port: number, host = '127.0.0.1') => {
      const res = await api.call('PUT', '/api/v2/settings/email', {
        token: tokens.admin,
        body: {
          host,
          port,
          security: 'none',
          username: '',
          from_address: 'crm@demo-solar.example',
          from_name: '',
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const email = (who: UserKey | null, id: string, body: unknown, on = api) =>
      on.call('POST', `/api/v2/proposals/${id}/share/email`, {
        ...(who ? { token: tokens[who] } : {}),
        body,
      });
    const list = async (who: UserKey, id: string) => {
      const res = await api.call('GET', `/api/v2/proposals/${id}/share/emails`, { token: tokens[who] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as ShareEmailList;
    };
    /** The email once the job has finished with it. */
    const finished = (who: UserKey, proposalId: string, emailId: string) =>
      waitFor(`email ${emailId}`, async () => {
        const found = (await list(who, proposalId)).emails.find((e) => e.id === emailId);
        return found && (found.status === 'sent' || found.status === 'failed') ? found : undefined;
      });

    it('refuses while the org has no mail server, in the words the screen shows', async () => {
      const { id } = await signedProposal(api, tokens.rep, world.users.rep.id, world.contacts.repOwn);
      expect((await list('rep', id)).email_ready).toBe(false);
      expect(await email('rep', id, { to: 'dee@home.example' })).toMatchObject({
        status: 400,
        body: { message: SMTP_NOT_CONFIGURED },
      });
    });

    it('the job sends the link through the mail server: the org, who signed, the link and its expiry; the link opens', async () => {
      await useMailServer(catcher.port);
      const { id } = await signedProposal(
        api,
        tokens.rep,
        world.users.rep.id,
        world.contacts.repOwn,
        '2026-11-24',
      );
      const before = catcher.messages.length;
      const asked = await email('rep', id, { to: 'dee@home.example', days: 7 });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      const queued = asked.body.data as ShareEmail;
      expect(queued).toMatchObject({
        to: 'dee@home.example',
        language: 'en',
        status: 'queued',
        failure: null,
      });
      expect(Date.parse(queued.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

      const mail = await catcher.nth(before + 1);
      expect(mail.to).toEqual(['dee@home.example']);
      expect(mail.from).toBe('crm@demo-solar.example');
      expect(mail.headers.subject).toBe('Your signed proposal from Demo Solar');
      expect(mail.headers.from).toContain('Demo Solar');
      expect(mail.text).toContain('Hello Dee Homeowner,');
      expect(mail.text).toContain('“Rooftop 8 kW”, signed by Dee Homeowner on November 24, 2026');
      const expiry = new Date(queued.expires_at).toLocaleDateString('en-US', {
        dateStyle: 'long',
        timeZone: 'UTC',
      });
      expect(mail.text).toContain(`It works until ${expiry}`);
      const link = /https?:\/\/[^\s"<]+\/signed\/([A-Za-z0-9_-]{43})/.exec(mail.text);
      expect(link, mail.text).not.toBeNull();
      // The plain text and the HTML part carry the same link.
      expect(mail.text.split(link?.[0] as string).length).toBeGreaterThanOrEqual(3);
      const opened = await api.call('GET', `/api/v2/shared/proposals/${link?.[1]}`);
      expect(opened.status).toBe(200);
      expect(opened.body.data).toMatchObject({ signer_name: 'Dee Homeowner', org_name: 'Demo Solar' });

      const done = await finished('rep', id, queued.id);
      expect(done).toMatchObject({ status: 'sent', failure: null });
      expect(done.sent_at).not.toBeNull();
      // The sealed link is kept only until the job has tried it.
      const [row] = await tdb.handle.db
        .select()
        .from(proposalShareEmails)
        .where(eq(proposalShareEmails.id, queued.id));
      expect(row?.link_enc).toBeNull();
    });

    it('writes in the lead’s language unless another is asked for', async () => {
      await useMailServer(catcher.port);
      await tdb.handle.db
        .update(contacts)
        .set({ preferred_language: 'spanish' })
        .where(eq(contacts.id, world.contacts.repOwn));
      try {
        const { id } = await signedProposal(
          api,
          tokens.rep,
          world.users.rep.id,
          world.contacts.repOwn,
          '2026-11-24',
        );
        const before = catcher.messages.length;
        const spanish = await email('rep', id, { to: 'dee@home.example' });
        expect((spanish.body.data as ShareEmail).language).toBe('es');
        const mail = await catcher.nth(before + 1);
        expect(mail.headers.subject).toBe('Su propuesta firmada de Demo Solar');
        expect(mail.text).toContain('Hola, Dee Homeowner:');
        expect(mail.text).toContain('firmada por Dee Homeowner el 24 de noviembre de 2026');
        const english = await email('rep', id, { to: 'dee@home.example', language: 'en' });
        expect((english.body.data as ShareEmail).language).toBe('en');
        expect((await catcher.nth(before + 2)).headers.subject).toBe('Your signed proposal from Demo Solar');
      } finally {
        await tdb.handle.db
          .update(contacts)
          .set({ preferred_language: 'english' })
          .where(eq(contacts.id, world.contacts.repOwn));
      }
    });

    it('refuses the wrong role, another org, no session, an unsigned proposal and hostile addresses, sending nothing', async () => {
      await useMailServer(catcher.port);
      const teamLead = world.contacts.teamA; // rep works it but may not edit it
      const { id } = await signedProposal(api, tokens.rep2, world.users.rep2.id, teamLead);
      const rowsBefore = (
        await tdb.handle.db.select().from(proposalShareEmails).where(eq(proposalShareEmails.proposal_id, id))
      ).length;
      const ok = { to: 'dee@home.example' };
      expect(await email('rep', id, ok)).toMatchObject({
        status: 403,
        body: { message: PROPOSAL_LEAD_DENIED },
      });
      expect([403, 404]).toContain((await email('guest', id, ok)).status);
      expect((await email('outsider', id, ok)).status).toBe(404);
      expect((await email(null, id, ok)).status).toBe(401);
      expect(
        (await api.call('GET', `/api/v2/proposals/${id}/share/emails`, { token: tokens.outsider })).status,
      ).toBe(404);
      expect(
        (await api.call('GET', `/api/v2/proposals/${id}/share/emails`, { token: tokens.rep })).status,
      ).toBe(403);

      const unsigned = randomUUID();
      await pushAs(api, tokens.rep2, [
        {
          name: 'record.save.v1',
          args: { table: 'proposals', id: unsigned, create: true, fields: proposalFields(teamLead) },
        },
      ]);
      expect(await email('rep2', unsigned, ok)).toMatchObject({
        status: 400,
        body: { message: SHARE_NOT_SIGNED },
      });

      const hostile: unknown[] = [
        { to: 'dee@home.example\r\nBcc: everyone@evil.example' },
        { to: 'dee@home.example\nBcc: everyone@evil.example' },
        { to: 'dee@home.example\rSubject: hi' },
        { to: 'Dee <dee@home.example>' },
        { to: 'dee@home.example, eve@evil.example' },
        { to: `${'d'.repeat(250)}@home.example` },
        { to: `dee@${'h'.repeat(300)}.example` },
        { to: 'dee@home.example\u0000' },
        { to: '' },
        { to: 42 },
        {},
        { to: 'dee@home.example', language: 'fr' },
        { to: 'dee@home.example', days: 0 },
        { to: 'dee@home.example', days: 91 },
        { to: 'dee@home.example', bcc: 'eve@evil.example' },
      ];
      for (const body of hostile)
        expect((await email('rep2', id, body)).status, JSON.stringify(body)).toBe(400);
      const rowsAfter = (
        await tdb.handle.db.select().from(proposalShareEmails).where(eq(proposalShareEmails.proposal_id, id))
      ).length;
      expect(rowsAfter).toBe(rowsBefore);
      // The lead's editor may.
      expect((await email('rep2', id, ok)).status).toBe(201);
    });

    it('a mail server that is down leaves the email failed with its reason, never a 5xx', async () => {
      const down = await startSmtpCatcher();
      await down.close();
      await useMailServer(down.port);
      const { id } = await signedProposal(api, tokens.rep, world.users.rep.id, world.contacts.repOwn);
      const asked = await email('rep', id, { to: 'dee@home.example' });
      expect(asked.status).toBe(201);
      const done = await finished('rep', id, (asked.body.data as ShareEmail).id);
      expect(done).toMatchObject({ status: 'failed', failure: 'connection', sent_at: null });
    });

    it('a mail server on a private address is refused at sending without OUTBOUND_ALLOW_PRIVATE, also when its name moved there', async () => {
      await useMailServer(catcher.port);
      const strictConfig = testConfig({ outboundAllowPrivate: false });
      // Without a job queue of its own: the test runs the job's work itself.
      const strict = createTestApi(tdb.handle.db, strictConfig);
      const ctx: ServiceContext = { db: tdb.handle.db, config: strictConfig, now: () => new Date() };
      const { id } = await signedProposal(api, tokens.rep, world.users.rep.id, world.contacts.repOwn);
      const before = catcher.messages.length;
      const literal = await email('rep', id, { to: 'dee@home.example' }, strict);
      expect(literal.status).toBe(201);
      await deliverShareEmail(ctx, (literal.body.data as ShareEmail).id);
      expect((await list('rep', id)).emails[0]).toMatchObject({ status: 'failed', failure: 'address' });

      // Saved while its name resolved to a public address; by the time it is sent, to this machine.
      let answer = '203.0.113.9';
      useResolver(strictConfig, async () => [{ address: answer, family: 4 }]);
      const saved = await strict.call('PUT', '/api/v2/settings/email', {
        token: tokens.admin,
        body: {
          host: 'mail.demo-solar.example',
          port: catcher.port,
          security: 'none',
          username: '',
          from_address: 'crm@demo-solar.example',
          from_name: '',
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      answer = '127.0.0.1';
      const renamed = await email('rep', id, { to: 'dee@home.example' }, strict);
      await deliverShareEmail(ctx, (renamed.body.data as ShareEmail).id);
      expect((await list('rep', id)).emails[0]).toMatchObject({ status: 'failed', failure: 'address' });
      expect(catcher.messages.length).toBe(before);
    });

    it('the minute’s sweep sends what no job took and fails what a stopped server left half sent', async () => {
      await useMailServer(catcher.port);
      const { id } = await signedProposal(api, tokens.rep, world.users.rep.id, world.contacts.repOwn);
      const quiet = createTestApi(tdb.handle.db, testConfig());
      const missed = (await email('rep', id, { to: 'missed@home.example' }, quiet)).body.data as ShareEmail;
      const stuck = (await email('rep', id, { to: 'stuck@home.example' }, quiet)).body.data as ShareEmail;
      const old = new Date(Date.now() - 600_000).toISOString();
      await tdb.handle.db
        .update(proposalShareEmails)
        .set({ created_at: old })
        .where(eq(proposalShareEmails.id, missed.id));
      await tdb.handle.db
        .update(proposalShareEmails)
        .set({ status: 'sending', started_at: old })
        .where(eq(proposalShareEmails.id, stuck.id));
      const before = catcher.messages.length;
      await sweepShareEmails({ db: tdb.handle.db, config, now: () => new Date() });
      const emails = (await list('rep', id)).emails;
      expect(emails.find((e) => e.id === missed.id)).toMatchObject({ status: 'sent' });
      expect(emails.find((e) => e.id === stuck.id)).toMatchObject({
        status: 'failed',
        failure: 'interrupted',
      });
      expect((await catcher.nth(before + 1)).to).toEqual(['missed@home.example']);
    });

    it('limits how many links an org emails; past it, 429 with Retry-After', async () => {
      await useMailServer(catcher.port);
      const { id } = await signedProposal(api, tokens.rep, world.users.rep.id, world.contacts.repOwn);
      const sentSoFar = (
        await tdb.handle.db
          .select()
          .from(proposalShareEmails)
          .where(eq(proposalShareEmails.org_id, world.org))
      ).length;
      const limited = createTestApi(
        tdb.handle.db,
        testConfig({ limits: { ...config.limits, shareEmails: { count: sentSoFar + 1, seconds: 3600 } } }),
      );
      expect((await email('rep', id, { to: 'dee@home.example' }, limited)).status).toBe(201);
      const refused = await email('rep', id, { to: 'dee@home.example' }, limited);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/Try again in \d+ minutes?\./);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another org's count is its own.
      const otherRows = await tdb.handle.db
        .select()
        .from(proposalShareEmails)
        .where(eq(proposalShareEmails.org_id, world.otherOrg));
      expect(otherRows).toHaveLength(0);
    });
  },
);
