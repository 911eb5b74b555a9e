/**
 * Availability and distribution rules between devices and the server: a rep sets their working
 * hours offline on their phone; once it syncs, their manager's device holds them and offers the
 * rep's free times for a lead of their region by the rule the manager set offline on their own
 * device, which reaches the rep's phone too.
 */
import { describe, expect, it } from 'vitest';
import { bookingFacts } from '#src/db/queries/availability.ts';
import { nextDay, WEEKDAYS } from '#src/domain/availability.ts';
import { offersOf } from '#src/domain/distribution.ts';
import { saveAvailability, saveDistributionRule } from '#src/sync/commands/availability.ts';
import { pendingCount } from '#src/sync/commands/index.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { createDevice, startDevice } from '../support/deviceHarness.ts';

const EVERY_DAY = Object.fromEntries(WEEKDAYS.map((d) => [d, [{ start: '09:00', end: '12:00' }]]));

describe('availability set offline reaches the manager’s device', () => {
  const t = useApiWorld('pglite', ['manager', 'rep']);

  it("the rep's hours and the manager's rule, each made offline, meet on both devices", async () => {
    const repId = t.world.users.rep.id;
    const rep = createDevice(t.api, repId, t.tokens.rep);
    const manager = createDevice(t.api, t.world.users.manager.id, t.tokens.manager);
    await startDevice(rep);
    await startDevice(manager);

    // Both offline: the rep sets their week, the manager region A's rule.
    rep.faults.offline = true;
    manager.faults.offline = true;
    const off = { id: crypto.randomUUID(), from: '2031-01-05', to: '2031-01-06', note: 'Dentist' };
    await saveAvailability(
      rep.db,
      repId,
      { weekly_hours: EVERY_DAY, time_off: [off], appointment_minutes: 60, time_zone: 'America/Phoenix' },
      repId,
    );
    await saveDistributionRule(manager.db, {
      id: t.world.regions.a,
      scope: 'region',
      kind: 'round_robin',
      daily_cap: 2,
      window_days: 30,
    });
    await rep.engine.syncNow();
    await manager.engine.syncNow();
    expect(await pendingCount(rep.db)).toBe(1);
    expect(await manager.db.availability.get(repId)).toBeUndefined();

    // Back online, one after the other.
    rep.faults.offline = false;
    await rep.engine.syncNow();
    expect(await pendingCount(rep.db)).toBe(0);
    manager.faults.offline = false;
    await manager.engine.syncNow();
    expect(await pendingCount(manager.db)).toBe(0);
    await rep.engine.syncNow();

    // The manager's device holds the rep's whole row (the note too), the rep's the rule.
    expect(await manager.db.availability.get(repId)).toMatchObject({
      weekly_hours: EVERY_DAY,
      time_off: [off],
      time_zone: 'America/Phoenix',
    });
    expect(await rep.db.distribution_rules.get(t.world.regions.a)).toMatchObject({
      scope: 'region',
      kind: 'round_robin',
      daily_cap: 2,
    });

    // Offline again, the manager's device offers the rep's free times for a lead of region A.
    manager.faults.offline = true;
    const now = new Date();
    const facts = await bookingFacts(manager.db, t.world.contacts.repOwn, now);
    expect(facts.rule?._id).toBe(t.world.regions.a);
    expect(facts.closers.map((c) => c.availability.user_id)).toEqual([repId]);
    const day = nextDay(now.toISOString().slice(0, 10), 2);
    const offers = offersOf(facts.rule ?? { kind: 'round_robin', daily_cap: 2 }, facts.closers, {
      day,
      now: now.getTime(),
      bookings: facts.bookings,
      target: facts.target,
    });
    expect(offers.map((o) => new Date(o.start).toISOString().slice(11, 16))).toEqual([
      '16:00',
      '17:00',
      '18:00',
    ]);
    expect(offers.every((o) => o.choices.map((c) => c.user_id).join() === repId)).toBe(true);
    await rep.engine.stop();
    await manager.engine.stop();
  }, 60_000);
});
