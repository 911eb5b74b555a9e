/**
 * Where the demo's reps walked on the last few working days (Monday to Saturday) before today: one
 * afternoon of door knocking each, a GPS point every 30 seconds, up and down the blocks around one
 * of their own leads, pausing at doors. Pure and drawn from streams of its own (workRandom).
 */

import type { DemoUser, DemoWorld } from './demoData.ts';
import { DEMO_REGIONS } from './demoData.ts';
import { addDays, demoDay, demoTime, MINUTE_MS, weekdayOf } from './demoTime.ts';
import type { DemoLead } from './demoWork.ts';
import type { Random } from './random.ts';

export interface PlannedPath {
  id: string;
  user_id: string;
  started_at: string;
  ended_at: string;
  points: { id: string; path_id: string; lat: number; lng: number; accuracy: number; recorded_at: string }[];
}

const TICK_MS = 30_000;
const METRES_PER_DEGREE_LAT = 111_320;
/** How far from where they started a rep wanders before heading back. */
const NEIGHBOURHOOD_M = 800;

/** The reps who track their paths: the demo rep, then the manager's teams' reps, then the rest. */
function trackingReps(world: DemoWorld, n: number): DemoUser[] {
  const reps = world.users.filter((u) => u.access_level === 'User');
  const order = (u: DemoUser) =>
    u.email === 'rep@demo.local' ? 0 : u.team === 'central' ? 1 : u.team === 'east' ? 2 : 3;
  return [...reps].sort((a, b) => order(a) - order(b)).slice(0, n);
}

/** The `n` working days (Monday to Saturday) before today, in Phoenix. */
function lastWorkingDays(now: Date, n: number): string[] {
  const days: string[] = [];
  for (let day = addDays(demoDay(now), -1); days.length < n; day = addDays(day, -1))
    if (weekdayOf(day) < 6) days.push(day);
  return days;
}

/** Where a rep starts: one of their own leads, else the middle of their team's region. */
function startOf(r: Random, rep: DemoUser, leads: readonly DemoLead[]): [number, number] {
  const own = leads.filter((l) => l.owner_id === rep.id && l.lat !== null && l.lng !== null);
  if (own.length) {
    const lead = r.pick(own);
    return [lead.lng as number, lead.lat as number];
  }
  const b = (
    DEMO_REGIONS.find((reg) => reg.key === rep.team) ?? (DEMO_REGIONS[0] as (typeof DEMO_REGIONS)[0])
  ).bounds;
  return [(b.west + b.east) / 2, (b.south + b.north) / 2];
}

function walk(r: Random, pathId: string, start: [number, number], from: number, to: number) {
  const metresPerDegreeLng = METRES_PER_DEGREE_LAT * Math.cos((start[1] * Math.PI) / 180);
  // Metres east and north of the start.
  let x = 0;
  let y = 0;
  let heading = r.int(0, 3);
  let block = r.int(120, 220);
  let along = 0;
  let pause = 0;
  const points: PlannedPath['points'] = [];
  for (let t = from; t <= to; t += TICK_MS) {
    if (pause > 0) pause--;
    else {
      const step = r.int(14, 26);
      x += [0, step, 0, -step][heading] as number;
      y += [step, 0, -step, 0][heading] as number;
      along += step;
      if (Math.hypot(x, y) > NEIGHBOURHOOD_M) {
        // Back towards the start, along the bigger of the two distances.
        heading = Math.abs(x) > Math.abs(y) ? (x > 0 ? 3 : 1) : y > 0 ? 2 : 0;
        along = 0;
      } else if (along >= block) {
        heading = (heading + r.pick([1, 3])) % 4;
        block = r.int(120, 220);
        along = 0;
      }
      // A door every few houses: a minute or three on the porch.
      if (r.next() < 0.2) pause = r.int(2, 6);
    }
    const noise = () => (r.next() - 0.5) * 6;
    points.push({
      id: r.uuid(),
      path_id: pathId,
      lat: Math.round((start[1] + (y + noise()) / METRES_PER_DEGREE_LAT) * 1e6) / 1e6,
      lng: Math.round((start[0] + (x + noise()) / metresPerDegreeLng) * 1e6) / 1e6,
      accuracy: r.int(4, 15),
      recorded_at: new Date(t).toISOString(),
    });
  }
  return points;
}

/** The tracked afternoons of `reps` reps over the `days` working days before `now`. */
export function planDemoPaths(input: {
  world: DemoWorld;
  leads: readonly DemoLead[];
  now: Date;
  random: (stream: number) => Random;
  reps: number;
  days: number;
}): PlannedPath[] {
  const out: PlannedPath[] = [];
  const days = lastWorkingDays(input.now, input.days);
  trackingReps(input.world, input.reps).forEach((rep, i) => {
    days.forEach((day, d) => {
      const r = input.random(100 + i * 16 + d);
      const from = demoTime(day, 14, r.int(0, 18) * 5).getTime();
      const to = from + r.int(120, 210) * MINUTE_MS;
      const id = r.uuid();
      out.push({
        id,
        user_id: rep.id,
        started_at: new Date(from).toISOString(),
        ended_at: new Date(to).toISOString(),
        points: walk(r, id, startOf(r, rep, input.leads), from, to),
      });
    });
  });
  return out;
}
