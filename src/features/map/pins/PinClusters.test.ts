import { describe, expect, it } from 'vitest';
import type { PinRow } from '#src/device/hooks/usePinView.ts';
import { DEFAULT_DEAL_STAGES, statusColor } from '#src/domain/dealStages.ts';
import { distanceMetres, PinClusters } from './PinClusters.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const pin = (id: string, lng: number, lat: number, extra: Partial<PinRow> = {}): PinRow => ({
  _id: id,
  lng,
  lat,
  status: 'Not Home 1',
  stage: 'Contact',
  owner_id: 'rep',
  team_id: 'team-a',
  name: id,
  address: '',
  touched_at: null,
  touched_by: null,
  ...extra,
});
const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

/** A grid of pins around Phoenix, about 100 m apart. */
function grid(n: number): PinRow[] {
  const out: PinRow[] = [];
  for (let i = 0; i < n; i++)
    out.push(pin(`p${i}`, -112.07 + (i % 100) * 0.001, 33.45 + Math.floor(i / 100) * 0.001));
  return out;
}

const pointsOf = (features: ReturnType<PinClusters['features']>) =>
  features.filter((f) => !('cluster' in f.properties));
const countAll = (features: ReturnType<PinClusters['features']>) =>
  features.reduce((sum, f) => sum + ('cluster' in f.properties ? f.properties.point_count : 1), 0);

describe('pin clusters', () => {
  it('lassoes only the pins the filters show', () => {
    const clusters = new PinClusters(() => NOW);
    clusters.load([
      pin('in-a', -112.05, 33.45),
      pin('in-b', -112.04, 33.46, { team_id: 'team-b' }),
      pin('out', -111.5, 33.45),
      { ...pin('nowhere', 0, 0), lng: null, lat: null },
    ]);
    const ring: [number, number][] = [
      [-112.1, 33.4],
      [-112.0, 33.4],
      [-112.0, 33.5],
      [-112.1, 33.5],
      [-112.1, 33.4],
    ];
    const area = { type: 'Polygon' as const, coordinates: [ring] };
    expect(clusters.inArea(area)).toEqual(['in-a', 'in-b']);
    clusters.setFilters({ teams: ['team-a'] });
    expect(clusters.inArea(area)).toEqual(['in-a']);
  });

  it("shows only a view's rows when given their ids, and all again without", () => {
    const clusters = new PinClusters(() => NOW);
    clusters.load(grid(50));
    clusters.setFilters({ ids: ['p1', 'p7', 'nowhere'] });
    expect(clusters.shown).toBe(2);
    expect(countAll(clusters.features(WORLD, 18))).toBe(2);
    clusters.setFilters({ ids: [] });
    expect(clusters.shown).toBe(0);
    clusters.setFilters({});
    expect(clusters.shown).toBe(50);
  });

  it('clusters at low zoom and shows single coloured pins close up; every pin is counted once', () => {
    const clusters = new PinClusters(() => NOW);
    clusters.load(grid(1000));
    const far = clusters.features(WORLD, 8);
    expect(far.length).toBeLessThan(10);
    expect(countAll(far)).toBe(1000);
    const near = clusters.features([-112.071, 33.449, -112.06, 33.452], 18);
    const points = pointsOf(near);
    expect(points.length).toBeGreaterThan(10);
    expect(points[0]?.properties).toMatchObject({
      status: 'Not Home 1',
      color: statusColor(DEFAULT_DEAL_STAGES, 'Not Home 1'),
    });
  });

  it('recolours a status change without re-clustering, and re-clusters when a pin moves, arrives or goes', () => {
    const clusters = new PinClusters(() => NOW);
    clusters.load([pin('a', -112, 33.5), pin('b', -112.5, 33.7)]);
    expect(clusters.apply([pin('a', -112, 33.5, { status: 'Appointment Set' })])).toBe(false);
    const a = pointsOf(clusters.features(WORLD, 18)).find((f) => (f.properties as { id: string }).id === 'a');
    expect(a?.properties).toMatchObject({
      status: 'Appointment Set',
      color: statusColor(DEFAULT_DEAL_STAGES, 'Appointment Set'),
    });
    expect(clusters.apply([pin('a', -111.9, 33.5, {})])).toBe(true);
    expect(clusters.apply([pin('c', -111, 33, {})])).toBe(true);
    expect(clusters.apply([{ ...pin('b', 0, 0), lng: null, lat: null, removed: 1 }])).toBe(true);
    expect(clusters.size).toBe(2);
    expect(countAll(clusters.features(WORLD, 18))).toBe(2);
  });

  it('leaves a removed (deleted) lead out of the address search', () => {
    const clusters = new PinClusters(() => NOW);
    clusters.load([
      pin('kept', -112, 33.5, { address: '12 Elm St, Mesa' }),
      pin('gone', -112.1, 33.5, { address: '14 Elm St, Mesa' }),
    ]);
    expect(clusters.searchAddress('elm st', 5).map((p) => p._id)).toEqual(['kept', 'gone']);
    clusters.apply([{ ...pin('gone', 0, 0), lng: null, lat: null, removed: 1 }]);
    expect(clusters.searchAddress('elm st', 5).map((p) => p._id)).toEqual(['kept']);
  });

  it('filters by stage, status, owner, team and last touched', () => {
    const day = 86_400_000;
    const clusters = new PinClusters(() => NOW);
    clusters.load([
      pin('fresh', -112, 33.5, { touched_at: new Date(NOW - day).toISOString(), owner_id: 'rep' }),
      pin('stale', -112.2, 33.6, { touched_at: new Date(NOW - 40 * day).toISOString(), owner_id: 'rep2' }),
      pin('never', -112.4, 33.7, { stage: 'Lead', status: 'Appointment Set', team_id: 'team-b' }),
    ]);
    const ids = () =>
      pointsOf(clusters.features(WORLD, 18))
        .map((f) => (f.properties as { id: string }).id)
        .sort();
    clusters.setFilters({ stages: ['Lead'] });
    expect(ids()).toEqual(['never']);
    clusters.setFilters({ statuses: ['Not Home 1'], owners: ['rep'] });
    expect(ids()).toEqual(['fresh']);
    clusters.setFilters({ teams: ['team-a'] });
    expect(ids()).toEqual(['fresh', 'stale']);
    clusters.setFilters({ touched: { within: 7 } });
    expect(ids()).toEqual(['fresh']);
    clusters.setFilters({ touched: { untouchedFor: 30 } });
    expect(ids()).toEqual(['never', 'stale']);
    clusters.setFilters({});
    expect(clusters.shown).toBe(3);
  });

  it('saves to columns and loads back the same pins, positions missing included', () => {
    const clusters = new PinClusters(() => NOW);
    const pins = [
      ...grid(50),
      { ...pin('nowhere', 0, 0), lng: null, lat: null },
      pin('waiting', -112, 33.5, {
        pending: true,
        touched_at: '2026-11-19T10:00:00.000Z',
        touched_by: 'rep',
      }),
    ];
    clusters.load(pins);
    const snapshot = clusters.snapshot(42, 3);
    expect(snapshot).toMatchObject({ seq: 42, epoch: 3 });
    const restored = new PinClusters(() => NOW);
    restored.loadSnapshot(structuredClone(snapshot));
    expect(restored.size).toBe(52);
    expect(restored.get('nowhere')).toMatchObject({ lng: null, lat: null });
    expect(restored.get('waiting')).toMatchObject({ pending: true, touched_by: 'rep', lng: -112, lat: 33.5 });
    expect(countAll(restored.features(WORLD, 3))).toBe(51);
  });

  it('finds pins within a few metres, nearest first, and leaves out pins without a position', () => {
    const clusters = new PinClusters(() => NOW);
    clusters.load([
      pin('door', -112.0001, 33.5),
      pin('next', -112.0003, 33.5),
      pin('far', -112.01, 33.5),
      { ...pin('x', 0, 0), lng: null, lat: null },
    ]);
    const near = clusters.near(-112, 33.5, 30);
    expect(near.map((n) => n.pin._id)).toEqual(['door', 'next']);
    expect(near[0]?.metres).toBeCloseTo(distanceMetres(-112, 33.5, -112.0001, 33.5), 5);
    expect(near[0]?.metres).toBeGreaterThan(8);
    expect(near[0]?.metres).toBeLessThan(11);
  });
});
