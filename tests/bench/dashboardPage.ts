/**
 * Bundled into a page of the bench app's origin: the dashboard's card engine driven directly, with
 * its card worker started from the worker's own bundle. Six typical cards over the contacts, timed
 * from the request to all six answers: on a new worker (it opens the database and reads every
 * column the cards need), again on the same worker (nothing written since), and after one contact
 * was written.
 */
import { CrmDatabase } from '#src/db/database.ts';
import type { CardRequest } from '#src/features/dashboard/engine/CardComputer.ts';
import { startCardEngine } from '#src/features/dashboard/engine/cardEngine.ts';

const base = { table: 'contacts' as const, filters: [], match: 'all' as const };

export const BENCH_CARDS: CardRequest[] = [
  { id: 'count', type: 'number', config: { ...base, measure: { op: 'count' } } },
  {
    id: 'sales',
    type: 'number',
    config: { ...base, measure: { op: 'sum', field: 'contract_amount' } },
  },
  {
    id: 'stages',
    type: 'chart',
    config: { ...base, group_by: 'deal_stage', measure: { op: 'count' }, chart: 'bar' },
  },
  { id: 'owners', type: 'leaderboard', config: { ...base, group_by: 'owner_id', measure: { op: 'count' } } },
  {
    id: 'statuses',
    type: 'table',
    config: { ...base, group_by: 'deal_stage_status', measure: { op: 'count' } },
  },
  { id: 'map', type: 'map', config: { ...base, measure: { op: 'count' } } },
];

interface BenchRun {
  cold: number;
  warm: number[];
  /** Again after one contact was written (the worker reads only that write). */
  afterWrite: number[];
  /** Main-thread long tasks (ms) while the cards were computed. */
  longTasks: number[];
  summary: Record<string, string>;
}

async function runDashboard(databaseName: string, workerSource: string, warmRuns: number): Promise<BenchRun> {
  const workerUrl = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push(Math.round(e.duration));
  });
  observer.observe({ type: 'longtask' });
  const engine = startCardEngine({ name: databaseName } as never, () => new Worker(workerUrl));
  try {
    const started = performance.now();
    const answers = await engine.computeBatch(BENCH_CARDS, Date.now());
    const cold = performance.now() - started;
    const warm: number[] = [];
    for (let i = 0; i < warmRuns; i++) {
      const t = performance.now();
      await engine.computeBatch(BENCH_CARDS, Date.now());
      warm.push(performance.now() - t);
    }
    // The bench's own write below runs on this thread: long tasks are counted up to here.
    for (const e of observer.takeRecords()) longTasks.push(Math.round(e.duration));
    const engineLongTasks = [...longTasks];
    // One contact changed on the device, as a sync or an edit would, then the cards again.
    const afterWrite: number[] = [];
    const db = new CrmDatabase(databaseName);
    try {
      const id = (await db.contacts.toCollection().primaryKeys()).slice(0, 3);
      for (const key of id) {
        await db.transaction('rw', [db.contacts, db.pin_changes], async () => {
          const row = await db.contacts.get(key);
          if (row) await db.contacts.put({ ...row, contract_amount: 1000 + afterWrite.length });
        });
        const t = performance.now();
        await engine.computeBatch(BENCH_CARDS, Date.now());
        afterWrite.push(performance.now() - t);
      }
    } finally {
      db.close();
    }
    const summary: Record<string, string> = {};
    for (const a of answers) {
      const r = a.result;
      summary[a.id] = a.error
        ? `error: ${a.error}`
        : r?.kind === 'number'
          ? `${r.value} (${r.rows} rows)`
          : r?.kind === 'groups'
            ? `${r.groups.length} groups of ${r.rows} rows, first ${r.groups[0]?.label}=${r.groups[0]?.value}`
            : r?.kind === 'points'
              ? `${r.points.length} points of ${r.total}`
              : `${r?.kind}`;
    }
    return { cold, warm, afterWrite, longTasks: engineLongTasks, summary };
  } finally {
    observer.disconnect();
    engine.close();
    URL.revokeObjectURL(workerUrl);
  }
}

/** Each card alone on a new worker (BENCH_DASHBOARD_EACH=1): where a batch's time goes. */
async function runEach(databaseName: string, workerSource: string): Promise<Record<string, number>> {
  const workerUrl = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  const out: Record<string, number> = {};
  try {
    for (const card of BENCH_CARDS) {
      const engine = startCardEngine({ name: databaseName } as never, () => new Worker(workerUrl));
      const t = performance.now();
      await engine.computeBatch([card], Date.now());
      out[card.id] = Math.round(performance.now() - t);
      engine.close();
    }
  } finally {
    URL.revokeObjectURL(workerUrl);
  }
  return out;
}

const benchGlobal = globalThis as unknown as {
  dashboardBench: typeof runDashboard;
  dashboardBenchEach: typeof runEach;
};
benchGlobal.dashboardBench = runDashboard;
benchGlobal.dashboardBenchEach = runEach;
