import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import { CrmDatabase } from '../database.ts';
import { dealStages, dealStagesUnreadable } from './dealStages.ts';

let n = 0;
const open = () => new CrmDatabase(`stages-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });

describe("the org's deal stages on the device", () => {
  it('are the built-in ones, without complaint, when the org never saved its own', async () => {
    const db = open();
    expect(await dealStages(db)).toEqual(DEFAULT_DEAL_STAGES);
    expect(await dealStagesUnreadable(db)).toBe(false);
  });

  it('are the saved ones when they can be read', async () => {
    const db = open();
    const saved = DEFAULT_DEAL_STAGES.slice(0, 2);
    await db.interfaces.put({ _id: 'i1', key: 'deal_stage', data: saved } as never);
    expect(await dealStages(db)).toEqual(saved);
    expect(await dealStagesUnreadable(db)).toBe(false);
  });

  it('fall back to the built-in ones, and say so, when the saved ones cannot be read', async () => {
    const db = open();
    await db.interfaces.put({ _id: 'i1', key: 'deal_stage', data: { broken: true } } as never);
    expect(await dealStages(db)).toEqual(DEFAULT_DEAL_STAGES);
    expect(await dealStagesUnreadable(db)).toBe(true);
  });
});
