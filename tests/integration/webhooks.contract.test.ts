/**
 * Outgoing webhooks: admins add endpoints (web addresses only; the secret shown once, sealed at
 * rest, rotated); a lead's status change sends a message signed per the Standard Webhooks spec
 * that a receiver verifies with the `standardwebhooks` package; a 500 is retried with backoff
 * until delivered; every attempt shows in the delivery log; other roles and orgs are refused.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, webhookDeliveries, webhookEndpoints } from '#server/db/schema.ts';
import type { ServiceContext } from '#server/services/context.ts';
import { useResolver } from '#server/services/outbound/outboundFetch.ts';
import { DELIVERY_LIMITS, deliverDueWebhooks, enqueueWebhook } from '#server/services/webhooks.ts';
import { MAX_DELIVERY_ATTEMPTS, WEBHOOK_ADDRESS_MESSAGE, WEBHOOK_URL_MESSAGE } from '#src/domain/webhooks.ts';
import { createTestApi, testConfig } from '../support/api.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

describe.each(testDatabaseKinds())('outgoing webhooks on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'rep', 'outsider']);
  let ctx: ServiceContext;
  let clock = Date.now();
  let receiver: Server;
  let url = '';
  const received: Received[] = [];
  // The answers the receiver gives, in turn (then 204).
  const answers: number[] = [];

  beforeAll(async () => {
    ctx = { db: t.tdb.handle.db, config: testConfig(), now: () => new Date(clock) };
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.statusCode = answers.shift() ?? 204;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve));
  });

  // The versions of the lead's fields a device that just pulled it has seen.
  const seen = async (leadId: string) => {
    const [row] = await t.tdb.handle.db
      .select({ versions: contacts.field_versions })
      .from(contacts)
      .where(eq(contacts.id, leadId));
    return row?.versions ?? {};
  };
  const create = (token: string, body: unknown) => t.api.call('POST', '/api/v2/webhooks', { token, body });

  it('refuses addresses that are not web addresses, other roles and other orgs', async () => {
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com/x', 'not a url']) {
      const res = await create(t.tokens.admin, { name: 'Bad', url: bad, event_types: ['lead.created'] });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toContain(`url: ${WEBHOOK_URL_MESSAGE}`);
    }
    const types = await create(t.tokens.admin, { name: 'Bad', url, event_types: ['lead.exploded'] });
    expect(types.status).toBe(400);
    expect(types.body.message).toMatch(/event_types/);
    expect((await create(t.tokens.rep, { name: 'Mine', url, event_types: [] })).status).toBe(403);
    expect((await t.api.call('GET', '/api/v2/webhooks', { token: t.tokens.rep })).status).toBe(403);

    const made = await create(t.tokens.admin, { name: 'Other org cannot', url, event_types: [] });
    expect(made.status).toBe(201);
    const id = (made.body.data as { _id: string })._id;
    expect(
      (
        await t.api.call('PATCH', `/api/v2/webhooks/${id}`, {
          token: t.tokens.outsider,
          body: { enabled: false },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.api.call('GET', `/api/v2/webhooks/${id}/deliveries`, { token: t.tokens.outsider })).status,
    ).toBe(404);
    expect((await t.api.call('DELETE', `/api/v2/webhooks/${id}`, { token: t.tokens.outsider })).status).toBe(
      404,
    );
    expect((await t.api.call('DELETE', `/api/v2/webhooks/${id}`, { token: t.tokens.admin })).status).toBe(
      200,
    );
  });

  it('signs a status change per Standard Webhooks; a 500 is retried until delivered; the log shows it', async () => {
    const made = await create(t.tokens.admin, {
      name: 'Receiver',
      url,
      event_types: ['lead.status_changed'],
    });
    expect(made.status).toBe(201);
    const endpoint = made.body.data as { _id: string };
    const secret = made.body.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    // Sealed at rest, never listed.
    const [stored] = await t.tdb.handle.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint._id));
    expect(stored?.secret_enc).not.toContain(secret.slice(6));
    const listed = await t.api.call('GET', '/api/v2/webhooks', { token: t.tokens.admin });
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    answers.push(500, 503);
    const lead = t.world.contacts.repOwn;
    const pushed = await pushMutations(t.api, t.tokens.rep, [
      {
        name: 'lead.edit.v1',
        args: { _id: lead, deal_stage_status: 'Follow Up', base_versions: await seen(lead) },
      },
    ]);
    expect((pushed.body.results as { status: string }[])[0]?.status).toBe('applied');

    // The service clock stands a moment after the change.
    clock = Date.now() + 1000;
    await deliverDueWebhooks(ctx);
    expect(received).toHaveLength(1);
    const deliveries = async () =>
      (await t.api.call('GET', `/api/v2/webhooks/${endpoint._id}/deliveries`, { token: t.tokens.admin })).body
        .data as {
        status: string;
        attempts: number;
        response_status: number | null;
        last_error: string | null;
      }[];
    expect((await deliveries())[0]).toMatchObject({
      status: 'retrying',
      attempts: 1,
      response_status: 500,
      last_error: 'The endpoint answered 500.',
    });
    // Not due yet: nothing is sent.
    await deliverDueWebhooks(ctx);
    expect(received).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      clock += 60 * 60_000;
      await deliverDueWebhooks(ctx);
    }
    expect(received).toHaveLength(3);
    expect((await deliveries())[0]).toMatchObject({ status: 'delivered', attempts: 3, response_status: 204 });

    // Every attempt of one message carries the same id, and verifies with the endpoint's secret.
    const verifier = new Webhook(secret);
    const ids = new Set(received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    // The same body each time; the first was signed on the real clock (the later ones on the test's).
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    const last = received[0] as Received;
    const payload = verifier.verify(last.body, last.headers as Record<string, string>) as {
      type: string;
      data: {
        record_id: string;
        before: { deal_stage_status: string };
        after: { deal_stage_status: string };
      };
    };
    expect(payload.type).toBe('lead.status_changed');
    expect(payload.data.record_id).toBe(lead);
    expect(payload.data.after.deal_stage_status).toBe('Follow Up');
    // A changed body or another secret does not verify.
    expect(() => verifier.verify(`${last.body} `, last.headers as Record<string, string>)).toThrow();

    // Rotating: the new secret is shown once; later messages verify with it only.
    const rotated = await t.api.call('POST', `/api/v2/webhooks/${endpoint._id}/rotate`, {
      token: t.tokens.admin,
    });
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.secret as string;
    expect(newSecret).not.toBe(secret);
    const second = await pushMutations(t.api, t.tokens.rep, [
      {
        name: 'lead.edit.v1',
        args: { _id: lead, deal_stage_status: 'Prospect', base_versions: await seen(lead) },
      },
    ]);
    expect(second.body.results, JSON.stringify(second.body)).toEqual([
      expect.objectContaining({ status: 'applied' }),
    ]);
    clock = Date.now() + 1000;
    const before = received.length;
    await deliverDueWebhooks(ctx);
    expect(received.length, JSON.stringify(await t.tdb.handle.db.select().from(webhookDeliveries))).toBe(
      before + 1,
    );
    const after = received.at(-1) as Received;
    expect(() =>
      new Webhook(newSecret).verify(after.body, after.headers as Record<string, string>),
    ).not.toThrow();
    expect(() => verifier.verify(after.body, after.headers as Record<string, string>)).toThrow();
    await t.api.call('DELETE', `/api/v2/webhooks/${endpoint._id}`, { token: t.tokens.admin });
  });

  it(`gives up after ${MAX_DELIVERY_ATTEMPTS} attempts and records the failure`, async () => {
    const made = await create(t.tokens.admin, { name: 'Down', url, event_types: ['note.added'] });
    const endpointId = (made.body.data as { _id: string })._id;
    answers.push(...Array(MAX_DELIVERY_ATTEMPTS).fill(500));
    const note = randomUUID();
    await pushMutations(t.api, t.tokens.rep, [
      {
        name: 'record.save.v1',
        args: {
          table: 'notes',
          id: note,
          create: true,
          fields: { lead_id: t.world.contacts.repOwn, type: 'Lead', subject: 'Hi', body: 'Called back' },
        },
      },
    ]);
    clock = Date.now() + 1000;
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS + 2; i++) {
      await deliverDueWebhooks(ctx);
      clock += 60 * 60_000;
    }
    const [row] = await t.tdb.handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpoint_id, endpointId));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS, response_status: 500 });
    clock = Date.now();
    await t.api.call('DELETE', `/api/v2/webhooks/${endpointId}`, { token: t.tokens.admin });
  });

  describe('addresses and pacing', () => {
    // The deployment's default: only public addresses; `rebindTo` is what names resolve to.
    const strict = testConfig({ outboundAllowPrivate: false });
    let rebindTo = '93.184.216.34';
    useResolver(strict, async () => [{ address: rebindTo, family: 4 }]);
    let now = Date.now() + 24 * 60 * 60_000;
    const strictCtx = (): ServiceContext => ({
      db: t.tdb.handle.db,
      config: strict,
      now: () => new Date(now),
    });
    const openCtx = (): ServiceContext => ({ ...strictCtx(), config: testConfig() });
    const servers: Server[] = [];
    afterAll(async () => {
      for (const s of servers) {
        s.closeAllConnections();
        await new Promise((resolve) => s.close(resolve));
      }
    });

    /** A receiver on 127.0.0.1 that `answer`s each request (or never, for undefined). */
    const listen = async (answer: (path: string) => number | undefined) => {
      const log = { paths: [] as string[], open: 0, mostOpen: 0, events: [] as string[] };
      const server = createServer((req, res) => {
        log.paths.push(req.url ?? '');
        log.open++;
        log.mostOpen = Math.max(log.mostOpen, log.open);
        log.events.push('received');
        res.on('close', () => {
          log.open--;
          log.events.push('closed');
        });
        req.resume();
        const status = answer(req.url ?? '');
        if (status === undefined) return;
        if (status === 302) res.writeHead(302, { location: '/followed' });
        else res.writeHead(status, { 'content-type': 'text/plain' });
        res.end('secret body from the receiver');
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { log, port: (server.address() as AddressInfo).port };
    };
    const endpoint = async (name: string, target: string) => {
      const made = await create(t.tokens.admin, { name, url: target, event_types: [] });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return (made.body.data as { _id: string })._id;
    };
    const queue = async (ctx: ServiceContext, endpointId: string, count = 1) => {
      for (let i = 0; i < count; i++)
        await enqueueWebhook(ctx, ctx.db, t.world.org, 'note.added', { n: i }, endpointId);
    };
    const rows = (endpointId: string) =>
      t.tdb.handle.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpoint_id, endpointId))
        .orderBy(webhookDeliveries.created_at);

    it('refuses loopback, local and metadata addresses when saved, the metadata address even when allowed', async () => {
      const strictApi = createTestApi(t.tdb.handle.db, strict);
      for (const bad of [
        'http://127.0.0.1:8080/hook',
        'http://[::1]/hook',
        'http://localhost/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://2130706433/hook',
        'http://0177.0.0.1/hook',
        'http://[::ffff:127.0.0.1]/hook',
        'https://10.1.2.3/hook',
        'https://192.168.0.10/hook',
        'https://0.0.0.0/hook',
      ]) {
        const res = await strictApi.call('POST', '/api/v2/webhooks', {
          token: t.tokens.admin,
          body: { name: 'Inside', url: bad, event_types: [] },
        });
        expect(res.status, bad).toBe(400);
        expect(res.body.message, bad).toBe(WEBHOOK_ADDRESS_MESSAGE);
      }
      // A name is judged by what it resolves to.
      rebindTo = '10.0.0.7';
      const named = await strictApi.call('POST', '/api/v2/webhooks', {
        token: t.tokens.admin,
        body: { name: 'Inside', url: 'https://intranet.example.com/hook', event_types: [] },
      });
      expect(named.status).toBe(400);
      rebindTo = '93.184.216.34';
      const ok = await strictApi.call('POST', '/api/v2/webhooks', {
        token: t.tokens.admin,
        body: { name: 'Public', url: 'https://hooks.example.com/crm', event_types: [] },
      });
      expect(ok.status).toBe(201);
      const id = (ok.body.data as { _id: string })._id;
      const moved = await strictApi.call('PATCH', `/api/v2/webhooks/${id}`, {
        token: t.tokens.admin,
        body: { url: 'http://127.0.0.1/hook' },
      });
      expect(moved.status).toBe(400);
      expect(moved.body.message).toBe(WEBHOOK_ADDRESS_MESSAGE);
      await strictApi.call('DELETE', `/api/v2/webhooks/${id}`, { token: t.tokens.admin });

      // Allowed private addresses (as in these tests): never link-local, unspecified or multicast.
      for (const bad of [
        'http://169.254.169.254/latest/meta-data',
        'http://[fe80::1]/hook',
        'http://[::ffff:a9fe:a9fe]/hook',
        'http://0.0.0.0/hook',
        'http://224.0.0.1/hook',
      ]) {
        const res = await create(t.tokens.admin, { name: 'Metadata', url: bad, event_types: [] });
        expect(res.status, bad).toBe(400);
        expect(res.body.message, bad).toBe(WEBHOOK_ADDRESS_MESSAGE);
      }
    });

    it('refuses to connect when a saved name resolves to loopback at delivery (DNS rebinding)', async () => {
      const { log, port } = await listen(() => 204);
      rebindTo = '93.184.216.34';
      const strictApi = createTestApi(t.tdb.handle.db, strict);
      const saved = await strictApi.call('POST', '/api/v2/webhooks', {
        token: t.tokens.admin,
        body: { name: 'Rebinding', url: `http://rebind.example.com:${port}/hook`, event_types: [] },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      const id = (saved.body.data as { _id: string })._id;
      rebindTo = '127.0.0.1';
      now += 60_000;
      await queue(strictCtx(), id);
      await deliverDueWebhooks(strictCtx());
      expect(log.paths).toEqual([]);
      expect(await rows(id)).toEqual([
        expect.objectContaining({
          status: 'retrying',
          attempts: 1,
          response_status: null,
          last_error: "The endpoint's address is not allowed.",
        }),
      ]);
      // With private addresses allowed the same name connects: the refusal was the address's.
      const openConfig = testConfig();
      useResolver(openConfig, async () => [{ address: '127.0.0.1', family: 4 }]);
      now += 60 * 60_000;
      await deliverDueWebhooks({ ...strictCtx(), config: openConfig });
      expect(log.paths).toEqual(['/hook']);
      await strictApi.call('DELETE', `/api/v2/webhooks/${id}`, { token: t.tokens.admin });
    });

    it('does not follow redirects, and logs a coarse reason, never the answer', async () => {
      const { log, port } = await listen((path) => (path === '/moved' ? 302 : 500));
      const moved = await endpoint('Moved', `http://127.0.0.1:${port}/moved`);
      const broken = await endpoint('Broken', `http://127.0.0.1:${port}/broken`);
      now += 60_000;
      await queue(openCtx(), moved);
      await queue(openCtx(), broken);
      await deliverDueWebhooks(openCtx());
      expect(log.paths.sort()).toEqual(['/broken', '/moved']);
      expect((await rows(moved))[0]).toMatchObject({
        status: 'retrying',
        response_status: 302,
        last_error: 'The endpoint answered 302.',
      });
      expect((await rows(broken))[0]).toMatchObject({
        response_status: 500,
        last_error: 'The endpoint answered 500.',
      });
      const listed = await t.api.call('GET', `/api/v2/webhooks/${broken}/deliveries`, {
        token: t.tokens.admin,
      });
      expect(JSON.stringify(listed.body)).not.toContain('secret body');
    });

    it('delivers to a quick endpoint while another never answers; a few at a time per endpoint', async () => {
      const slow = await listen(() => undefined);
      const quick = await listen(() => 204);
      const slowId = await endpoint('Never answers', `http://127.0.0.1:${slow.port}/slow`);
      const quickId = await endpoint('Answers', `http://127.0.0.1:${quick.port}/quick`);
      now += 60_000;
      // The slow endpoint's deliveries are due first.
      await queue(openCtx(), slowId, 3);
      now += 1000;
      await queue(openCtx(), quickId);
      const events: string[] = [];
      const watch = setInterval(() => {
        if (quick.log.paths.length && !events.includes('quick')) events.push('quick');
        if (slow.log.events.includes('closed') && !events.includes('slow closed')) events.push('slow closed');
      }, 5);
      await deliverDueWebhooks(openCtx(), { timeoutMs: 1500 });
      clearInterval(watch);
      // The quick delivery went through while the slow ones were still waiting for an answer.
      expect(events[0]).toBe('quick');
      expect((await rows(quickId))[0]).toMatchObject({ status: 'delivered', response_status: 204 });
      const slowRows = await rows(slowId);
      expect(slowRows.map((r) => r.last_error)).toEqual(
        Array(3).fill('The endpoint did not answer in time.'),
      );
      expect(slowRows.every((r) => r.status === 'retrying' && r.attempts === 1)).toBe(true);
      expect(slow.log.paths).toHaveLength(3);
      expect(slow.log.mostOpen).toBe(DELIVERY_LIMITS.perEndpoint);
      await t.api.call('PATCH', `/api/v2/webhooks/${slowId}`, {
        token: t.tokens.admin,
        body: { enabled: false },
      });
    });

    it('pauses an endpoint that keeps failing: its deliveries wait, unattempted, until the pause ends', async () => {
      let status = 500;
      const { log, port } = await listen(() => status);
      const id = await endpoint('Keeps failing', `http://127.0.0.1:${port}/down`);
      now += 60_000;
      const total = DELIVERY_LIMITS.pauseAfterFailures + 5;
      await queue(openCtx(), id, total);
      await deliverDueWebhooks(openCtx());
      // The pause starts at the threshold; at most the deliveries already in flight then still go.
      const tried = log.paths.length;
      expect(tried).toBeGreaterThanOrEqual(DELIVERY_LIMITS.pauseAfterFailures);
      expect(tried).toBeLessThan(DELIVERY_LIMITS.pauseAfterFailures + DELIVERY_LIMITS.perEndpoint);
      const waiting = (await rows(id)).filter((r) => r.attempts === 0);
      expect(waiting).toHaveLength(total - tried);
      for (const r of waiting) {
        expect(r.status).toBe('pending');
        expect(r.last_error).toMatch(/paused until/);
        expect(new Date(r.next_attempt_at ?? 0).getTime()).toBeGreaterThan(now);
      }
      // Nothing goes to it during the pause, even deliveries that fall due.
      now += DELIVERY_LIMITS.pauseMs / 2;
      await deliverDueWebhooks(openCtx());
      expect(log.paths).toHaveLength(tried);
      // After the pause it is tried again (the failed ones retried too); it answers now: all delivered.
      status = 204;
      now += DELIVERY_LIMITS.pauseMs;
      await deliverDueWebhooks(openCtx());
      expect((await rows(id)).every((r) => r.status === 'delivered')).toBe(true);
      expect(log.paths).toHaveLength(total + tried);
    });
  });
  it('sends each endpoint of a push only the event types it takes, several types in one push', async () => {
    const make = async (name: string, types: string[]) => {
      const made = await create(t.tokens.admin, { name, url, event_types: types });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return (made.body.data as { _id: string })._id;
    };
    const statuses = await make('Statuses only', ['lead.status_changed']);
    const notes = await make('Notes only', ['note.added']);
    const lead = t.world.contacts.repOwn;
    const pushed = await pushMutations(t.api, t.tokens.rep, [
      {
        name: 'lead.edit.v1',
        args: { _id: lead, deal_stage_status: 'Not Interested', base_versions: await seen(lead) },
      },
      {
        name: 'record.save.v1',
        args: {
          table: 'notes',
          id: randomUUID(),
          create: true,
          fields: { lead_id: lead, type: 'Lead', subject: 'Gate', body: '<p>Code 1234</p>' },
        },
      },
      { name: 'lead.add.v1', args: { name: 'Webhook Types', phone: '6025550177' } },
    ]);
    expect((pushed.body.results as { status: string }[]).map((r) => r.status)).toEqual([
      'applied',
      'applied',
      'applied',
    ]);
    const typesOf = async (endpointId: string) =>
      (
        await t.tdb.handle.db
          .select({ type: webhookDeliveries.event_type })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpoint_id, endpointId))
      ).map((row) => row.type);
    expect(await typesOf(statuses)).toEqual(['lead.status_changed']);
    expect(await typesOf(notes)).toEqual(['note.added']);
  });
});
