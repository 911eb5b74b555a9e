import { describe, expect, it } from 'vitest';
import {
  cpuBetween,
  keepReadings,
  measureCpu,
  parseMachineTimes,
  parseSchedstat,
  parseStat,
} from './machineCpu.ts';

describe('machine CPU figures from /proc', () => {
  it.each([
    // A command name with spaces and a parenthesis still ends at the last ')'.
    ['4242 (postgres) S 1 4242 4242 0 -1 4194560 120 0 0 0 250 50 0 0 20 0 1', 'postgres', 3],
    ['7 (node (main) x) R 1 7 7 0 -1 0 0 0 0 0 1234 66 0 0 20 0 11', 'node (main) x', 13],
    ['1 (init) S 0 1 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 1', 'init', 0],
  ])('reads the name and user + system seconds of %s', (line, name, cpu) => {
    expect(parseStat(line)).toEqual({ name, cpu });
  });

  it('reads nothing from a line that is not a process', () => {
    expect(parseStat('')).toBeUndefined();
  });

  it('reads seconds on a core and seconds waiting for one', () => {
    expect(parseSchedstat('2500000000 750000000 1234\n')).toEqual({ running: 2.5, waiting: 0.75 });
  });

  it('counts idle and iowait as the machine idle, over every kind of tick', () => {
    const text = 'cpu  100 5 40 800 20 0 10 0 0 0\ncpu0 50 2 20 400 10 0 5 0 0 0\n';
    expect(parseMachineTimes(text)).toEqual({ idle: 820, total: 975 });
  });

  it('measures this process working, on Linux', () => {
    const meter = measureCpu([process.pid]);
    const until = performance.now() + 300;
    let spin = 0;
    while (performance.now() < until) spin += 1;
    const shares = meter.stop();
    expect(spin).toBeGreaterThan(0);
    if (process.platform !== 'linux') return;
    expect(shares.processes[0]).toBeGreaterThan(0);
    expect(shares.idle).toBeGreaterThanOrEqual(0);
    expect(shares.idle).toBeLessThanOrEqual(1);
  });
});

describe('CPU of a changing set of processes', () => {
  it('counts each process from its first reading to its last, one started meanwhile whole', () => {
    const before = new Map([
      ['10', 5],
      ['11', 50],
    ]);
    const seen = new Map(before);
    // 11 is read once more and then ends; 12 starts.
    keepReadings(
      seen,
      new Map([
        ['10', 6],
        ['11', 52],
      ]),
    );
    keepReadings(
      seen,
      new Map([
        ['10', 7.5],
        ['12', 1],
      ]),
    );
    expect(cpuBetween(before, seen)).toBe(2.5 + 2 + 1);
  });
});
