import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (messages, a device database, toasts)
import { testDatabase } from '#src/db/testDatabase.ts';
import { PathTracker, POINT_BATCH, type TrackerEvent } from './pathTracker.ts';

class FakeGeolocation {
  success: PositionCallback | undefined;
  failure: PositionErrorCallback | undefined;
  options: PositionOptions | undefined;
  cleared = false;
  watchPosition(
    success: PositionCallback,
    failure?: PositionErrorCallback | null,
    options?: PositionOptions,
  ) {
    this.success = success;
    this.failure = failure ?? undefined;
    this.options = options;
    return 7;
  }
  clearWatch(id: number) {
    if (id === 7) this.cleared = true;
  }
  fix(lat: number, lng: number, at: number) {
    this.success?.({
      coords: { latitude: lat, longitude: lng, accuracy: 5 } as GeolocationCoordinates,
      timestamp: at,
    } as GeolocationPosition);
  }
}

const settle = () => new Promise((r) => setTimeout(r, 20));

function setup() {
  const db = testDatabase(`tracker-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const geo = new FakeGeolocation();
  let now = Date.parse('2026-11-20T15:00:00Z');
  const events: TrackerEvent[] = [];
  const options = { maximumAge: 30_000, timeout: 27_000, enableHighAccuracy: true };
  const tracker = new PathTracker(db, { geolocation: geo, options, now: () => new Date(now) }, (e) =>
    events.push(e),
  );
  return { db, geo, events, tracker, tick: (ms: number) => (now += ms) };
}

describe('path tracking', () => {
  it('watches with the spec’s options and writes points in batches, then saves the path', async () => {
    const { db, geo, events, tracker, tick } = setup();
    const id = await tracker.start();
    expect(geo.options).toEqual({ maximumAge: 30_000, timeout: 27_000, enableHighAccuracy: true });
    expect(await db.paths.get(id)).toMatchObject({ ended_at: null, synced: 0 });
    for (let i = 0; i < POINT_BATCH - 1; i++) geo.fix(33.45 + i * 0.0002, -112.07, tick(1000));
    await settle();
    expect(await db.path_points.count()).toBe(0);
    geo.fix(33.46, -112.07, tick(2000));
    await settle();
    expect(await db.path_points.count()).toBe(POINT_BATCH);
    // A fix that did not move adds nothing.
    geo.fix(33.46, -112.07, tick(2000));
    geo.fix(33.461, -112.07, tick(2000));
    await tracker.stop();
    expect(geo.cleared).toBe(true);
    expect(await db.path_points.count()).toBe(POINT_BATCH + 1);
    expect((await db.paths.get(id))?.ended_at).toBeTruthy();
    expect(events.map((e) => e.type).filter((type) => type !== 'point')).toEqual([
      'started',
      'first-fix',
      'saved',
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'saved', points: POINT_BATCH + 1 });
  });

  it('tells each point as it is taken, before its batch is written; a fix that did not move is no point', async () => {
    const { db, geo, events, tracker, tick } = setup();
    const id = await tracker.start();
    geo.fix(33.45, -112.07, tick(1000));
    geo.fix(33.45, -112.07, tick(1000));
    geo.fix(33.4503, -112.07, tick(1000));
    await settle();
    const told = events.flatMap((e) => (e.type === 'point' ? [e.point] : []));
    expect(told.map((p) => [p.lat, p.path_id])).toEqual([
      [33.45, id],
      [33.4503, id],
    ]);
    expect(await db.path_points.count()).toBe(0);
    await tracker.stop();
    expect((await db.path_points.toArray()).map((p) => p.id).sort()).toEqual(told.map((p) => p.id).sort());
  });

  it('tells when the position cannot be had before the first fix', async () => {
    const { geo, events, tracker } = setup();
    await tracker.start();
    geo.failure?.({ code: 1, message: 'denied' } as GeolocationPositionError);
    expect(events.at(-1)).toMatchObject({ type: 'position-error', beforeFirstFix: true });
  });

  it('resumes a path left open instead of starting another', async () => {
    const { db, tracker } = setup();
    const first = await tracker.start();
    const again = new PathTracker(
      db,
      { geolocation: new FakeGeolocation(), options: {}, now: () => new Date() },
      () => undefined,
    );
    expect(await again.start()).toBe(first);
    expect(await db.paths.count()).toBe(1);
  });
});
