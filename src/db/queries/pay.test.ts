import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAY_PLAN } from '#src/domain/pay.ts';
import { CrmDatabase } from '../database.ts';
import { orgPayPlan, statusEventsSince } from './pay.ts';

const open = (name: string) => new CrmDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange });

describe('pay on the device', () => {
  it('reads status changes as pulled and as kept with their data, by contact, from a date on', async () => {
    const db = open('pay-events');
    const change = (id: string, date: string, lead: string, fields: Record<string, unknown>) => ({
      _id: id,
      type: 'lead_status_change',
      date,
      lead_refs: [lead],
      ...fields,
    });
    await db.activities.bulkPut([
      change('a1', '2026-11-02T10:00:00Z', 'L1', { old: 'Contract Signed', new: 'Permit Received' }),
      change('a2', '2026-11-05T10:00:00Z', 'L1', { data: { old: 'Permit Received', new: 'Cancellation' } }),
      change('a3', '2024-01-01T10:00:00Z', 'L2', { new: 'Cancellation' }),
      change('a4', '2026-11-06T10:00:00Z', 'L3', { new: 'Cancellation', deleted_at: '2026-11-07T00:00:00Z' }),
      { _id: 'a5', type: 'moved_to', date: '2026-11-03T10:00:00Z', lead_refs: ['L1'], new: 'Customer' },
    ]);
    const events = await statusEventsSince(db, new Date('2025-01-01T00:00:00Z'));
    expect(Object.fromEntries(events)).toEqual({
      L1: [
        { status: 'Permit Received', date: '2026-11-02T10:00:00Z' },
        { status: 'Cancellation', date: '2026-11-05T10:00:00Z' },
      ],
    });
    db.close();
  });

  it("reads the org's plan, and the standard one when there is none or it cannot be read", async () => {
    const db = open('pay-plan');
    expect(await orgPayPlan(db)).toEqual(DEFAULT_PAY_PLAN);
    await db.interfaces.put({ _id: 'i1', key: 'pay_plan', data: { name: 'broken' } });
    expect(await orgPayPlan(db)).toEqual(DEFAULT_PAY_PLAN);
    const plan = { ...DEFAULT_PAY_PLAN, id: 'p2', name: 'Summer', rate: 0.2 };
    await db.interfaces.put({ _id: 'i1', key: 'pay_plan', data: plan });
    expect(await orgPayPlan(db)).toEqual(plan);
    db.close();
  });
});
