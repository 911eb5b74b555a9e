/**
 * Property: several devices edit shared leads while going on and offline, syncing in random order
 * and losing answers at random. Afterwards every device holds exactly the server's rows, and every
 * change the devices made was applied exactly once.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activities } from '#server/db/schema.ts';
import { addLead, editLead } from '#src/sync/commands/index.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { createDevice, type Device, startDevice } from '../support/deviceHarness.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const WHO = ['rep', 'manager', 'admin'] as const;
const FIELDS = ['email', 'phone', 'design_notes', 'deal_stage_status'] as const;
const STATUSES = [
  'Not Home 1',
  'Not Home 2',
  'Come Back',
  'Appointment Set',
  'Closed Won',
  'Contract Signed',
];
const COMPARED = ['email', 'phone', 'design_notes', 'deal_stage_status', 'deal_stage', 'version', 'name'];

type Op =
  | { kind: 'edit'; device: number; lead: number; field: (typeof FIELDS)[number]; pick: number }
  | { kind: 'offline'; device: number; offline: boolean }
  | { kind: 'sync'; device: number; loseAnswer: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      device: fc.nat(2),
      lead: fc.nat(2),
      field: fc.constantFrom(...FIELDS),
      pick: fc.nat(1000),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('offline' as const), device: fc.nat(2), offline: fc.boolean() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('sync' as const), device: fc.nat(2), loseAnswer: fc.boolean() }),
  },
);

describe('sync convergence', () => {
  // On PostgreSQL when the run has it (the production database, and several times faster here than
  // PGlite); the sync contract suites cover PGlite's differences.
  const t = useApiWorld(testDatabaseKinds().at(-1) ?? 'pglite', ['admin', 'manager', 'rep']);
  let run = 0;

  it('devices converge to the server and every change applies exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 25 }), async (ops) => {
        run += 1;
        const devices: Device[] = [];
        for (const who of WHO) {
          const d = createDevice(t.api, t.world.users[who].id, t.tokens[who]);
          await startDevice(d);
          devices.push(d);
        }
        const [rep] = devices as [Device];
        const leads: string[] = [];
        for (let i = 0; i < 3; i++) leads.push(await addLead(rep.db, { name: `Run ${run} Lead ${i}` }));
        await rep.engine.syncNow();
        for (const d of devices) await d.engine.syncNow();

        const emails: string[] = [];
        let n = 0;
        for (const op of ops) {
          const d = devices[op.device] as Device;
          if (op.kind === 'offline') d.faults.offline = op.offline;
          else if (op.kind === 'sync') {
            if (op.loseAnswer) d.faults.loseNextPushAnswers = 1;
            await d.engine.syncNow();
            d.faults.loseNextPushAnswers = 0;
          } else {
            n += 1;
            const id = leads[op.lead] as string;
            if (!(await d.db.contacts.get(id))) continue;
            const value =
              op.field === 'email'
                ? `r${run}n${n}@example.com`
                : op.field === 'phone'
                  ? `602555${String(op.pick).padStart(4, '0')}`
                  : op.field === 'design_notes'
                    ? `notes ${run}.${n}`
                    : (STATUSES[op.pick % STATUSES.length] as string);
            await editLead(d.db, id, { [op.field]: value });
            if (op.field === 'email') emails.push(value);
          }
        }

        // Everyone comes back online and syncs until quiet.
        for (const d of devices) d.faults.offline = false;
        for (let round = 0; round < 3; round++) for (const d of devices) await d.engine.syncNow();

        const res = await t.api.call('GET', `/api/v2/leads/get?ids=${leads.join(',')}`, {
          token: t.tokens.admin,
        });
        const server = new Map((res.body.data as Record<string, unknown>[]).map((l) => [l._id as string, l]));
        for (const d of devices) {
          expect(await d.db.outbox.count()).toBe(0);
          for (const id of leads) {
            const local = await d.db.contacts.get(id);
            const remote = server.get(id);
            for (const field of COMPARED)
              expect(local?.[field] ?? null, `${field} of ${id}`).toEqual(remote?.[field] ?? null);
          }
        }
        // Each email change (never rejected: email is not a protected field) was applied once.
        const emailActivities = await t.tdb.handle.db
          .select()
          .from(activities)
          .where(eq(activities.type, 'updated_email'));
        for (const email of emails) {
          expect(
            emailActivities.filter((a) => (a.data as { new?: string }).new === email).length,
            email,
          ).toBe(1);
        }
        for (const d of devices) await d.engine.stop();
      }),
      { numRuns: 40 },
    );
  }, 240_000);
});
