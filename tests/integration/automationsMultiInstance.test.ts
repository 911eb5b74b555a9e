/**
 * Two API processes on one PostgreSQL, both running the job queue: each lead's status change runs
 * the automation exactly once — one run, one notification, one signed webhook message — whichever
 * instance took the change and however the two race to dispatch it.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { automationRuns, notifications, teamMembers } from '#server/db/schema.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { startServerProcess, stopServerProcesses } from '../support/serverProcess.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL);
if (!enabled) console.warn('Multi-instance automations test skipped: TEST_DATABASE_URL is not set.');

const LEADS = 6;

async function waitFor(what: string, probe: () => Promise<boolean>, ms = 60_000) {
  const until = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe.skipIf(!enabled)('automations with two API instances on one PostgreSQL', () => {
  const t = useApiWorld('postgres', []);
  const procs: ChildProcess[] = [];
  let receiver: Server | undefined;
  afterAll(async () => {
    await stopServerProcesses(procs);
    await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  });

  it('runs once per event: one run, one notification and one webhook message per status change', async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const db = t.tdb.handle.db;
    await db
      .update(teamMembers)
      .set({ role: 'Manager' })
      .where(
        and(eq(teamMembers.team_id, t.world.teams.a), eq(teamMembers.user_id, t.world.users.manager.id)),
      );

    const [a, b] = await Promise.all([
      startServerProcess(t.tdb.url as string),
      startServerProcess(t.tdb.url as string),
    ]);
    procs.push(a.proc, b.proc);
    const login = async (email: string) => {
      const res = await fetch(`${a.url}/api/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const { token } = (await res.json()) as { token: string };
      return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    };
    const admin = await login(t.world.users.admin.email);
    const rep = await login(t.world.users.rep.email);

    const made = await fetch(`${a.url}/api/v2/webhooks`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ name: 'Two instances', url: hookUrl, event_types: [] }),
    });
    expect(made.status).toBe(201);
    const endpoint = (await made.json()) as { data: { _id: string }; secret: string };

    const automationId = randomUUID();
    const push = async (url: string, headers: Record<string, string>, mutations: unknown[]) => {
      const res = await fetch(`${url}/api/v2/sync/push`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          client_id: randomUUID(),
          schema_version: 1,
          mutations: mutations.map((m, i) => ({ id: i + 1, ...(m as object) })),
        }),
      });
      const body = (await res.json()) as { results: { status: string; message?: string }[] };
      expect(
        body.results.every((r) => r.status === 'applied'),
        JSON.stringify(body),
      ).toBe(true);
    };
    await push(a.url, admin, [
      {
        name: 'record.save.v1',
        args: {
          table: 'automations',
          id: automationId,
          create: true,
          fields: {
            name: 'Appointment set: tell the manager and post',
            enabled: true,
            trigger: { type: 'status_changed', to: 'Appointment Set' },
            conditions: { match: 'all', rules: [] },
            actions: [
              {
                type: 'notify',
                recipients: ['team_managers'],
                user_ids: [],
                title: 'Two instances',
                message: 'Appointment set',
              },
              { type: 'webhook', endpoint_id: endpoint.data._id },
            ],
          },
        },
      },
    ]);

    // New leads of the rep (team A), each set to Appointment Set through one instance or the other.
    const leadIds: string[] = [];
    for (let i = 0; i < LEADS; i++) {
      const res = await fetch(`${a.url}/api/v2/leads/add`, {
        method: 'POST',
        headers: rep,
        body: JSON.stringify({ name: `Twice ${i}`, phone: `60255502${String(i).padStart(2, '0')}` }),
      });
      expect(res.status).toBe(201);
      leadIds.push(((await res.json()) as { data: { _id: string } }).data._id);
    }
    await Promise.all(
      leadIds.map((id, i) =>
        fetch(`${(i % 2 ? b : a).url}/api/v2/leads/edit`, {
          method: 'POST',
          headers: rep,
          body: JSON.stringify({ _id: id, deal_stage_status: 'Appointment Set' }),
        }).then((r) => expect(r.status).toBe(200)),
      ),
    );

    const runs = () => db.select().from(automationRuns).where(eq(automationRuns.automation_id, automationId));
    await waitFor(
      'the runs',
      async () => (await runs()).filter((r) => r.status === 'succeeded').length >= LEADS,
    );
    await waitFor('the webhook messages', async () => received.length >= LEADS);
    // Until neither instance has an automation job due or running: a duplicate would be one.
    await waitFor('the automation jobs to settle', async () => {
      const pending = (await db.execute(
        sql`SELECT count(*)::int AS n FROM pgboss.job
            WHERE name IN ('automation-dispatch', 'automation-run')
              AND state IN ('created', 'retry', 'active') AND start_after <= now()`,
      )) as unknown as { rows: { n: number }[] };
      return pending.rows[0]?.n === 0;
    });

    const all = await runs();
    expect(all).toHaveLength(LEADS);
    expect(new Set(all.map((r) => r.record_id))).toEqual(new Set(leadIds));
    expect(all.every((r) => r.status === 'succeeded')).toBe(true);
    const told = await db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.user_id, t.world.users.manager.id), eq(notifications.title, 'Two instances')),
      );
    expect(told).toHaveLength(LEADS);
    expect(received).toHaveLength(LEADS);
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(LEADS);
    const verifier = new Webhook(endpoint.secret);
    for (const message of received) {
      const payload = verifier.verify(message.body, message.headers as Record<string, string>) as {
        type: string;
        data: { lead: { id: string } };
      };
      expect(payload.type).toBe('automation.webhook');
      expect(leadIds).toContain(payload.data.lead.id);
    }
  }, 120_000);
});
