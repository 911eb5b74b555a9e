/**
 * Leads that arrive with an address and no position are placed by the server through the org's
 * own geocoder (server/services/leadPlacement.ts). A fake Photon instance on 127.0.0.1 answers
 * (and records each request at the pacing's fake clock time); nothing here reaches the internet.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '#server/config.ts';
import {
  availability,
  contacts,
  distributionRules,
  notifications,
  regions,
  teamMembers,
  teams,
} from '#server/db/schema.ts';
import { SYSTEM_USER_ID } from '#server/services/actors.ts';
import type { ServiceContext } from '#server/services/context.ts';
import { placeLeads, placementPacing } from '#server/services/leadPlacement.ts';
import type { LimiterClock } from '#src/api/geocoding/requestLimiter.ts';
import { leadRowSchema } from '#src/domain/schemas/rows.ts';
import { testConfig } from '../support/api.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { pulledRows } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Answer = { at: [lng: number, lat: number]; country?: string } | 'status500' | 'status400';

/** A Photon instance: answers `q` from its table (nothing for an address it does not know). */
class FakePhoton {
  readonly requests: { q: string; at: number }[] = [];
  readonly answers = new Map<string, Answer>();
  /** Runs before the answer to `q` is sent (another writer acting meanwhile). */
  readonly before = new Map<string, () => Promise<void>>();
  private server: Server | undefined;
  url = '';

  private readonly clock: () => number;

  constructor(clock: () => number) {
    this.clock = clock;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const q = url.searchParams.get('q') ?? '';
      this.requests.push({ q, at: this.clock() });
      void (async () => {
        await this.before.get(q)?.();
        const answer = this.answers.get(q);
        if (answer === 'status500' || answer === 'status400') {
          res.writeHead(answer === 'status500' ? 500 : 400).end('no');
          return;
        }
        const features = answer
          ? [
              {
                type: 'Feature',
                geometry: { type: 'Point', coordinates: answer.at },
                properties: {
                  countrycode: answer.country ?? 'US',
                  street: 'Elm St',
                  city: 'Mesa',
                  state: 'AZ',
                },
              },
            ]
          : [];
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'FeatureCollection', features }));
      })();
    });
    await new Promise<void>((done) => this.server?.listen(0, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  asked(q: string): number {
    return this.requests.filter((r) => r.q === q).length;
  }

  close(): Promise<void> {
    return new Promise((done) => this.server?.close(() => done()));
  }
}

/** A clock that moves only when the limiter waits: request times are exact, nothing sleeps. */
function fakeClock(): LimiterClock & { t: number } {
  const clock = {
    t: 1_000_000,
    now: () => clock.t,
    wait: async (ms: number) => {
      clock.t += ms;
    },
  };
  return clock;
}

let n = 0;
/** A unique address in Mesa, AZ (street number counts up). */
const nextAddress = () => `${100 + ++n} Elm St, Mesa, AZ 85201`;

describe.each(testDatabaseKinds('both'))('placing leads by their address on %s', (kind) => {
  const on = testConfig({ placeLeads: true, placeLeadsRate: 4 });
  const w = useApiWorld(kind, ['admin', 'rep', 'outsider'], on);
  const clock = fakeClock();
  const photonA = new FakePhoton(() => clock.now());
  const photonB = new FakePhoton(() => clock.now());

  const ctxWith = (config: ServerConfig): ServiceContext => ({
    db: w.tdb.handle.db,
    config,
    now: () => new Date(),
  });
  const run = (config: ServerConfig = on) =>
    placeLeads(ctxWith(config), { pacing: placementPacing(config, clock) });
  const choose = async (who: UserKey, body: unknown) => {
    const res = await w.api.call('PUT', '/api/v2/map/geocoder', { token: w.tokens[who], body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const addLead = async (who: UserKey, fields: Record<string, unknown>) => {
    const res = await w.api.call('POST', '/api/v2/leads/add', {
      token: w.tokens[who],
      body: { name: `Lead ${randomUUID().slice(0, 8)}`, ...fields },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.data as { _id: string })._id;
  };
  const row = async (id: string) => {
    const [found] = await w.tdb.handle.db.select().from(contacts).where(eq(contacts.id, id));
    if (!found) throw new Error(`no lead ${id}`);
    return found;
  };

  beforeAll(async () => {
    await photonA.start();
    await photonB.start();
    // Runs after the world's set-up (registered after useApiWorld's): each org its own geocoder.
    await choose('admin', { kind: 'photon', url: photonA.url });
    await choose('outsider', { kind: 'photon', url: photonB.url });
  });
  afterAll(async () => {
    await photonA.close();
    await photonB.close();
  });

  it('places a lead with an address and no position as a lead edit would: version, field versions, region', async () => {
    const regionId = randomUUID();
    await w.tdb.handle.db.insert(regions).values({
      id: regionId,
      org_id: w.world.org,
      name: 'Mesa',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-111.9, 33.3],
            [-111.7, 33.3],
            [-111.7, 33.5],
            [-111.9, 33.5],
            [-111.9, 33.3],
          ],
        ],
      },
    });
    const address = nextAddress();
    photonA.answers.set(address, { at: [-111.8, 33.41] });
    const id = await addLead('admin', { address });
    const placedAlready = await addLead('admin', { address: nextAddress(), coordinates: [-111.85, 33.42] });
    const before = await row(id);
    expect(before.lat).toBeNull();

    const result = await run();
    expect(result.placed).toBeGreaterThanOrEqual(1);
    const after = await row(id);
    expect([after.lng, after.lat]).toEqual([-111.8, 33.41]);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.field_versions).toMatchObject({ lat: after.version, lng: after.version });
    expect(after.region_id).toBe(regionId);
    expect(after.updated_by).toBe(SYSTEM_USER_ID);
    expect(photonA.asked(address)).toBe(1);
    // A lead that has a position is never asked about.
    expect(photonA.asked((await row(placedAlready)).address ?? '')).toBe(0);

    // Devices pull it at its new version.
    const pulled = (await pulledRows(w.api, w.tokens.admin, 'contacts')).find((r) => r._id === id);
    expect(pulled?.coordinates).toEqual([-111.8, 33.41]);
  });

  it("gives a lead added without an owner to its region's rule once it is placed", async () => {
    const db = w.tdb.handle.db;
    const regionId = randomUUID();
    const teamId = randomUUID();
    const rep = w.world.users.rep.id;
    await db.insert(regions).values({
      id: regionId,
      org_id: w.world.org,
      name: 'Gilbert',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-111.8, 33.2],
            [-111.7, 33.2],
            [-111.7, 33.3],
            [-111.8, 33.3],
            [-111.8, 33.2],
          ],
        ],
      },
    });
    await db
      .insert(teams)
      .values({ id: teamId, org_id: w.world.org, name: 'Gilbert team', region_id: regionId });
    await db.insert(teamMembers).values({ org_id: w.world.org, team_id: teamId, user_id: rep });
    await db.insert(availability).values({
      id: rep,
      user_id: rep,
      org_id: w.world.org,
      weekly_hours: { mon: [{ start: '09:00', end: '17:00' }] },
      time_zone: 'America/Phoenix',
    });
    await db
      .insert(distributionRules)
      .values({ id: regionId, org_id: w.world.org, scope: 'region', kind: 'round_robin', daily_cap: null });
    const address = nextAddress();
    photonA.answers.set(address, { at: [-111.75, 33.25] });
    const id = await addLead('admin', { address, owner_id: null });
    expect((await row(id)).owner_id).toBeNull();

    await run();
    const placed = await row(id);
    expect(placed.region_id).toBe(regionId);
    expect(placed.owner_id).toBe(rep);
    expect(placed.field_versions).toMatchObject({ owner_id: placed.version });
    const told = await db.select().from(notifications).where(eq(notifications.user_id, rep));
    expect(told.some((n) => n.version === placed.version && n.title === 'Lead assigned to you')).toBe(true);
  });

  it('marks an address it cannot place, does not ask again, and asks again once the address changes', async () => {
    const nowhere = nextAddress();
    const abroad = nextAddress();
    const refused = nextAddress();
    photonA.answers.set(abroad, { at: [2.35, 48.85], country: 'FR' });
    photonA.answers.set(refused, 'status400');
    const ids = [await addLead('admin', { address: nowhere }), await addLead('admin', { address: abroad })];
    const refusedId = await addLead('admin', { address: refused });

    await run();
    for (const [id, address] of [
      [ids[0], nowhere],
      [ids[1], abroad],
      [refusedId, refused],
    ] as const) {
      const marked = await row(id as string);
      expect(marked.lat).toBeNull();
      expect(marked.data.placement).toMatchObject({ state: 'failed', address });
    }
    // The mark travels to devices with the lead, in the shape the device reads.
    const pulled = (await pulledRows(w.api, w.tokens.admin, 'contacts')).find((r) => r._id === ids[0]);
    expect(leadRowSchema.parse(pulled).placement).toMatchObject({ state: 'failed', address: nowhere });

    await run();
    expect(photonA.asked(nowhere)).toBe(1);
    expect(photonA.asked(abroad)).toBe(1);
    expect(photonA.asked(refused)).toBe(1);

    // A new address is looked up again.
    const fixed = nextAddress();
    photonA.answers.set(fixed, { at: [-111.81, 33.42] });
    const edit = await w.api.call('POST', '/api/v2/leads/edit', {
      token: w.tokens.admin,
      body: { _id: ids[0], address: fixed },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await row(ids[0] as string)).data.placement).toBeUndefined();
    await run();
    expect(photonA.asked(fixed)).toBe(1);
    const placed = await row(ids[0] as string);
    expect([placed.lng, placed.lat]).toEqual([-111.81, 33.42]);
  });

  it('leaves a lead for a later run when the geocoder fails for a while', async () => {
    const flaky = nextAddress();
    photonA.answers.set(flaky, 'status500');
    const id = await addLead('admin', { address: flaky });
    const result = await run();
    expect(result.left).toBeGreaterThanOrEqual(1);
    const untouched = await row(id);
    expect(untouched.lat).toBeNull();
    expect(untouched.data.placement).toBeUndefined();

    photonA.answers.set(flaky, { at: [-111.82, 33.43] });
    await run();
    expect(photonA.asked(flaky)).toBe(2);
    expect((await row(id)).lat).toBe(33.43);
  });

  it('never overwrites a position a person set while the lookup was under way', async () => {
    const address = nextAddress();
    photonA.answers.set(address, { at: [-111.83, 33.44] });
    const id = await addLead('admin', { address });
    photonA.before.set(address, async () => {
      const res = await w.api.call('POST', '/api/v2/leads/edit', {
        token: w.tokens.admin,
        body: { _id: id, coordinates: [-111.6, 33.2] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    await run();
    expect(photonA.asked(address)).toBe(1);
    const kept = await row(id);
    expect([kept.lng, kept.lat]).toEqual([-111.6, 33.2]);
    expect(kept.updated_by).toBe(w.world.users.admin.id);
    expect(kept.data.placement).toBeUndefined();
  });

  it('refuses a geocoder on a private address unless private addresses are allowed: no call is made', async () => {
    const address = nextAddress();
    photonA.answers.set(address, { at: [-111.84, 33.45] });
    const id = await addLead('admin', { address });
    const strict = testConfig({ placeLeads: true, outboundAllowPrivate: false });
    const result = await run(strict);
    expect(result.placed).toBe(0);
    expect(photonA.asked(address)).toBe(0);
    const untouched = await row(id);
    expect(untouched.lat).toBeNull();
    expect(untouched.data.placement).toBeUndefined();
    // Allowed again, the same lead is placed.
    await run();
    expect((await row(id)).lat).toBe(33.45);
  });

  it('keeps to the pace of an own instance: PLACE_LEADS_RATE requests a second at most', async () => {
    const addresses = [nextAddress(), nextAddress(), nextAddress(), nextAddress(), nextAddress()];
    for (const [i, address] of addresses.entries())
      photonA.answers.set(address, { at: [-111.8 - i / 100, 33.4] });
    for (const address of addresses) await addLead('admin', { address });
    const from = photonA.requests.length;
    await run();
    const times = photonA.requests.slice(from).map((r) => r.at);
    expect(times.length).toBeGreaterThanOrEqual(addresses.length);
    // placeLeadsRate 4: a request every 250 ms at the soonest.
    for (let i = 1; i < times.length; i++)
      expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(250);
  });

  it("asks each org's own geocoder about that org's leads only, and none when the org turned search off", async () => {
    const mine = nextAddress();
    const theirs = nextAddress();
    photonA.answers.set(mine, { at: [-111.85, 33.46] });
    photonB.answers.set(theirs, { at: [-111.86, 33.47] });
    const mineId = await addLead('admin', { address: mine });
    const theirsId = await addLead('outsider', { address: theirs });
    await run();
    expect(photonA.asked(mine)).toBe(1);
    expect(photonA.asked(theirs)).toBe(0);
    expect(photonB.asked(theirs)).toBe(1);
    expect(photonB.requests.every((r) => r.q !== mine)).toBe(true);
    expect((await row(mineId)).lat).toBe(33.46);
    expect((await row(theirsId)).lat).toBe(33.47);

    await choose('outsider', { kind: 'off' });
    const quiet = nextAddress();
    photonB.answers.set(quiet, { at: [-111.87, 33.48] });
    const quietId = await addLead('outsider', { address: quiet });
    const asked = photonA.requests.length + photonB.requests.length;
    await run();
    expect(photonB.asked(quiet)).toBe(0);
    expect(photonA.asked(quiet)).toBe(0);
    const untouched = await row(quietId);
    expect(untouched.lat).toBeNull();
    expect(untouched.data.placement).toBeUndefined();
    // Nothing else was left to ask anyone about.
    expect(photonA.requests.length + photonB.requests.length).toBe(asked);
    await choose('outsider', { kind: 'photon', url: photonB.url });
  });

  it('calls nothing with PLACE_LEADS=off', async () => {
    const address = nextAddress();
    photonA.answers.set(address, { at: [-111.88, 33.49] });
    const id = await addLead('admin', { address });
    const before = photonA.requests.length;
    expect(await run(testConfig())).toEqual({ placed: 0, failed: 0, left: 0, more: false });
    expect(photonA.requests.length).toBe(before);
    expect((await row(id)).lat).toBeNull();
  });
});
