/**
 * Where a multi-process benchmark's CPU went, from Linux's /proc: each process's CPU time, how long
 * its main thread was ready to run but waited for a core (the scheduler's run queue), the local
 * PostgreSQL server's processes together, and the whole machine's idle share. On a machine whose
 * cores are all taken, a server's latency is mostly that wait, not its own work. Elsewhere than
 * Linux every figure reads 0.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second in /proc's CPU times (USER_HZ, 100 on every Linux this runs on). */
const TICKS = 100;

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

/** A /proc/<pid>/stat line: the command name, and user plus system CPU seconds. */
export function parseStat(line: string): { name: string; cpu: number } | undefined {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  // Fields after the name: state (0), …, utime (11), stime (12).
  const fields = line.slice(close + 2).split(' ');
  return { name: line.slice(open + 1, close), cpu: (Number(fields[11]) + Number(fields[12])) / TICKS };
}

/** A /proc/<pid>/schedstat line: seconds on a core, and seconds ready to run but waiting for one. */
export function parseSchedstat(line: string): { running: number; waiting: number } {
  const [running, waiting] = line.trim().split(' ').map(Number);
  return { running: (running ?? 0) / 1e9, waiting: (waiting ?? 0) / 1e9 };
}

/** The first line of /proc/stat: the machine's idle (idle + iowait) and total ticks. */
export function parseMachineTimes(text: string): { idle: number; total: number } {
  const ticks = (text.split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, n) => sum + (Number.isFinite(n) ? n : 0), 0);
  return { idle: (ticks[3] ?? 0) + (ticks[4] ?? 0), total };
}

function processCpu(pid: number): number {
  return parseStat(read(`/proc/${pid}/stat`))?.cpu ?? 0;
}

function runQueueWait(pid: number): number {
  const line = read(`/proc/${pid}/schedstat`);
  return line ? parseSchedstat(line).waiting : 0;
}

/** CPU seconds of each process named `postgres` on this machine (the local database server), by pid. */
function postgresCpu(): Map<string, number> {
  const byPid = new Map<string, number>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return byPid;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = parseStat(read(`/proc/${entry}/stat`));
    if (stat?.name === 'postgres') byPid.set(entry, stat.cpu);
  }
  return byPid;
}

/**
 * CPU seconds the processes used between two readings by pid: a process started meanwhile counts
 * whole. `after` keeps each process's last reading, so one that ended meanwhile counts up to then.
 */
export function cpuBetween(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const [pid, cpu] of after) sum += Math.max(0, cpu - (before.get(pid) ?? 0));
  return sum;
}

/** Adds a reading to the last one seen of each process, keeping those that have ended since. */
export function keepReadings(seen: Map<string, number>, reading: ReadonlyMap<string, number>): void {
  for (const [pid, cpu] of reading) seen.set(pid, Math.max(cpu, seen.get(pid) ?? 0));
}

export interface CpuShares {
  /** Each watched process's CPU, as a share of one core. */
  processes: number[];
  /** Each watched process's main thread: the share of the time it waited for a core. */
  waiting: number[];
  /**
   * The local PostgreSQL server's processes together, as a share of one core (read every 500 ms,
   * so a connection's process that ended is counted up to its last reading).
   */
  postgres: number;
  /** The machine's idle share of all its cores. */
  idle: number;
}

/** Starts measuring the processes `pids`; `stop()` answers the shares since. */
export function measureCpu(pids: readonly number[]): { stop(): CpuShares } {
  const started = performance.now();
  const cpu = pids.map(processCpu);
  const waited = pids.map(runQueueWait);
  const postgres = postgresCpu();
  const seen = new Map(postgres);
  const watch = setInterval(() => keepReadings(seen, postgresCpu()), 500);
  watch.unref();
  const machine = parseMachineTimes(read('/proc/stat'));
  return {
    stop() {
      clearInterval(watch);
      keepReadings(seen, postgresCpu());
      const seconds = (performance.now() - started) / 1000 || 1;
      const now = parseMachineTimes(read('/proc/stat'));
      const total = now.total - machine.total;
      return {
        processes: pids.map((pid, i) => (processCpu(pid) - (cpu[i] ?? 0)) / seconds),
        waiting: pids.map((pid, i) => (runQueueWait(pid) - (waited[i] ?? 0)) / seconds),
        postgres: cpuBetween(postgres, seen) / seconds,
        idle: total > 0 ? (now.idle - machine.idle) / total : 0,
      };
    },
  };
}
