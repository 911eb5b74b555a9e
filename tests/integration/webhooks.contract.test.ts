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
import { contacts, webhookDeliveries, webhookEndpoints } from '../../server/db/schema.ts';
import type { ServiceContext } from '../../server/services/context.ts';
import { deliverDueWebhooks } from '../../server/services/webhooks.ts';
import { MAX_DELIVERY_ATTEMPTS, WEBHOOK_URL_MESSAGE } from '../../src/domain/webhooks.ts';
import { testConfig } from '../support/api.ts';
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
});
