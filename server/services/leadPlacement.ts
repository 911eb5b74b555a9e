/**
 * Places leads that arrived with an address and no position (a CSV import, `leads/add`, the legacy
 * service) on the map: the `lead-placement` job (server/jobs/definitions.ts) looks each address up
 * with the org's own address search setting through the same geocoder clients devices use
 * (src/api/geocoder.ts), over the server's outbound fetch and its address policy, and writes the
 * best US result as a lead edit would: a new version, the position's field versions, the region
 * that contains it. Google is never asked (its terms do not let answers be kept, and a build's key
 * is a browser key): the server uses the org's open geocoder, by default the public Photon.
 *
 * - Paced per server process, one lane per geocoder: the public Photon and Nominatim instances get
 *   at most one request a second (their fair-use policies), an org's own instance
 *   `PLACE_LEADS_RATE` a second (5 unless set); a geocoder that keeps failing is paused a while.
 * - A run handles a bounded batch, taking the orgs' leads in turns so no org waits on another's
 *   import. The job queue runs one placement at a time across instances.
 * - An address the geocoder cannot place (no US result, or the geocoder refuses the query) is
 *   marked on the lead (`placement`, src/domain/leadPlacement.ts) and not asked again until the
 *   address changes; a failure that may pass (timeout, connection, 5xx) leaves it for a later run.
 * - The write checks the lead again under its row lock: a lead that got a position meanwhile (a
 *   person dropped its pin), changed its address or was deleted is left as it is.
 * - PLACE_LEADS=off, or the org's setting `off`, and nothing is called.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type GeocodeResult, geocoderFor, type RemoteGeocoder } from '#src/api/geocoder.ts';
import type { GeocoderAnswer, GeocoderFetch } from '#src/api/geocoding/politeFetch.ts';
import {
  type LimiterClock,
  type RequestLimiter,
  realClock,
  requestLimiter,
} from '#src/api/geocoding/requestLimiter.ts';
import { type LeadPlacement, PLACEMENT_FIELD, placementAddress } from '#src/domain/leadPlacement.ts';
import {
  defaultGeocoder,
  GEOCODER_KEY,
  GEOCODER_OFF,
  type GeocoderSetting,
  geocoderSettingSchema,
  PUBLIC_PHOTON_URL,
} from '#src/domain/schemas/geocoder.ts';
import type { ServerConfig } from '../config.ts';
import { selectRows } from '../db/client.ts';
import { contacts, interfaces } from '../db/schema.ts';
import { SYSTEM_USER_ID, systemActor } from './actors.ts';
import type { ServiceContext } from './context.ts';
import { distributeLead } from './distribution.ts';
import { stampFields } from './leads.ts';
import { notifyLeadAssigned } from './notify.ts';
import { OutboundError, outboundFetch } from './outbound/outboundFetch.ts';
import { CircuitBreaker } from './outbound/pacing.ts';
import { regionAtPosition } from './regionAssignment.ts';
import { inVersionedTransaction } from './versions.ts';

/** The most leads one run looks up (about a minute's work at the public instances' pace). */
export const PLACEMENT_BATCH = 50;
/** Public instances whose fair-use policy asks for at most one request a second. */
const PUBLIC_GEOCODERS = new Set([PUBLIC_PHOTON_URL, 'https://nominatim.openstreetmap.org']);

/** Whether calls to `origin` go at the public instances' pace (else at an own instance's). */
export function isPublicGeocoder(origin: string): boolean {
  return PUBLIC_GEOCODERS.has(origin);
}
const PUBLIC_INTERVAL_MS = 1000;
/** A lookup that has not answered in this long is given up on (and tried in a later run). */
const LOOKUP_TIMEOUT_MS = 8000;
/** A geocoder's answer for five places is a few kilobytes; more than this is not read. */
const MAX_ANSWER_BYTES = 512 * 1024;
/** Answers that say the query itself is refused: the address is marked, never asked again. */
const REFUSED_QUERY = new Set([400, 422]);
/** Three failures in a row pause a geocoder for five minutes. */
const BREAKER_FAILURES = 3;
const BREAKER_PAUSE_MS = 5 * 60_000;

/** How this process paces its geocoder calls: shared by every run (tests: a fake clock). */
export interface PlacementPacing {
  clock: LimiterClock;
  publicLimiter: RequestLimiter;
  ownLimiter: RequestLimiter;
  breaker: CircuitBreaker;
}

export function placementPacing(config: ServerConfig, clock: LimiterClock = realClock): PlacementPacing {
  return {
    clock,
    publicLimiter: requestLimiter({ intervalMs: PUBLIC_INTERVAL_MS, clock }),
    ownLimiter: requestLimiter({ intervalMs: Math.ceil(1000 / config.placeLeadsRate), clock }),
    breaker: new CircuitBreaker(BREAKER_FAILURES, BREAKER_PAUSE_MS),
  };
}

const pacings = new WeakMap<ServerConfig, PlacementPacing>();

function pacingOf(config: ServerConfig): PlacementPacing {
  let found = pacings.get(config);
  if (!found) {
    found = placementPacing(config);
    pacings.set(config, found);
  }
  return found;
}

export interface PlacementRun {
  placed: number;
  /** Marked: the geocoder has no place for the address. */
  failed: number;
  /** Left for a later run: the geocoder failed, was refused or paused. */
  left: number;
  /** The batch was full and got somewhere: there may be more to place now. */
  more: boolean;
}

interface Candidate {
  id: string;
  org_id: number;
  address: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

const filled = (column: unknown) => sql`coalesce(btrim(${column}), '') <> ''`;

/**
 * Up to `limit` leads without a position that have an address and no mark, of orgs whose address
 * search is not off, in turns: each org's first, then each org's second, and so on.
 */
async function candidates(ctx: ServiceContext, limit: number): Promise<Candidate[]> {
  const kind = sql`(SELECT g.data->>'kind' FROM ${interfaces} g
    WHERE g.org_id = c.org_id AND g.key = ${GEOCODER_KEY} AND g.deleted_at IS NULL)`;
  // An org that chose nothing has the default, which the build may have turned off.
  const searchOn =
    ctx.config.defaultGeocoderUrl === GEOCODER_OFF
      ? sql`coalesce(${kind}, 'off') <> 'off'`
      : sql`coalesce(${kind}, '') <> 'off'`;
  const rows = await selectRows(
    ctx.db,
    sql`SELECT id, org_id, address, street, city, state, zip FROM (
          SELECT c.id, c.org_id, c.address, c.street, c.city, c.state, c.zip,
                 row_number() OVER (PARTITION BY c.org_id ORDER BY c.id) AS turn
          FROM ${contacts} c
          WHERE c.deleted_at IS NULL AND (c.lat IS NULL OR c.lng IS NULL)
            AND c.data->${PLACEMENT_FIELD} IS NULL
            AND (${filled(sql`c.address`)} OR ${filled(sql`c.street`)} OR ${filled(sql`c.city`)}
                 OR ${filled(sql`c.state`)} OR ${filled(sql`c.zip`)})
            AND ${searchOn}
        ) t
        ORDER BY turn, org_id, id
        LIMIT ${limit}`,
  );
  return rows.map((r) => ({ ...(r as unknown as Candidate), id: String(r.id), org_id: Number(r.org_id) }));
}

/** The org's stored choice, or null (the default) when it has none or one this server cannot read. */
async function settingOf(ctx: ServiceContext, orgId: number): Promise<GeocoderSetting | null> {
  const [row] = await ctx.db
    .select({ data: interfaces.data, deleted_at: interfaces.deleted_at })
    .from(interfaces)
    .where(and(eq(interfaces.org_id, orgId), eq(interfaces.key, GEOCODER_KEY)));
  if (!row || row.deleted_at) return null;
  const parsed = geocoderSettingSchema.safeParse(row.data);
  return parsed.success ? parsed.data : null;
}

/** The origin the setting's calls go to (its pacing lane); undefined when off or not an address. */
function laneOf(setting: GeocoderSetting): string | undefined {
  if (setting.kind === 'off') return undefined;
  try {
    return new URL(setting.kind === 'public' ? PUBLIC_PHOTON_URL : setting.url).origin;
  } catch {
    return undefined;
  }
}

/** What a geocoder call learned beyond its results: the status of the last answer. */
interface CallRecord {
  status?: number;
}

/**
 * The geocoder clients' network for the server: each call waits its turn in its geocoder's lane,
 * then goes out through outboundFetch (address policy, timeout, no redirects).
 */
function serverFetcher(config: ServerConfig, pacing: PlacementPacing, record: CallRecord): GeocoderFetch {
  return async (url): Promise<GeocoderAnswer> => {
    const lane = new URL(url).origin;
    const limiter = isPublicGeocoder(lane) ? pacing.publicLimiter : pacing.ownLimiter;
    const answer = await limiter.schedule(lane, () =>
      outboundFetch(config, url, {
        method: 'GET',
        headers: { accept: 'application/json', 'user-agent': 'HomeServiceCRM-LeadPlacement/1' },
        timeoutMs: LOOKUP_TIMEOUT_MS,
        maxBody: MAX_ANSWER_BYTES,
      }),
    );
    record.status = answer.status;
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      json: async () => JSON.parse(answer.body) as unknown,
    };
  };
}

type Lookup =
  | { outcome: 'found'; place: GeocodeResult }
  | { outcome: 'none' }
  | { outcome: 'later' }
  /** The geocoder's address is refused by the address policy: nothing of this org goes out. */
  | { outcome: 'refused' };

async function lookUp(geocoder: RemoteGeocoder, address: string, record: CallRecord): Promise<Lookup> {
  try {
    const [best] = await geocoder.search(address);
    return best ? { outcome: 'found', place: best } : { outcome: 'none' };
  } catch (err) {
    if (err instanceof OutboundError && err.kind === 'address') return { outcome: 'refused' };
    if (!(err instanceof OutboundError) && record.status !== undefined && REFUSED_QUERY.has(record.status))
      return { outcome: 'none' };
    return { outcome: 'later' };
  }
}

/** Whether the lead is still one to place for `address`: not deleted, no position, same address, no mark. */
function stillUnplaced(row: typeof contacts.$inferSelect, address: string): boolean {
  return (
    !row.deleted_at &&
    (row.lat === null || row.lng === null) &&
    placementAddress(row) === address &&
    (row.data as Record<string, unknown>)[PLACEMENT_FIELD] === undefined
  );
}

/** Whoever added a lead, as the author of the notice that it went to its rule's choice. */
function addedBy(row: { org_id: number; created_by: string | null }) {
  return { ...systemActor(row.org_id), user_id: row.created_by ?? SYSTEM_USER_ID };
}

/** Writes what the lookup found, checked again under the lead's row lock. Whether it wrote. */
async function writeOutcome(
  ctx: ServiceContext,
  lead: Candidate,
  address: string,
  place: GeocodeResult | undefined,
): Promise<boolean> {
  return inVersionedTransaction(ctx, lead.org_id, async (tx, version) => {
    const [row] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, lead.id), eq(contacts.org_id, lead.org_id)))
      .for('update');
    if (!row || !stillUnplaced(row, address)) return false;
    const now = ctx.now().toISOString();
    const written = { version, updated_at: now, updated_by: SYSTEM_USER_ID };
    if (place) {
      // As a lead edit moving the pin: the position's field versions, and the region follows it.
      const region = await regionAtPosition(tx, lead.org_id, place.lng, place.lat, row.region_id);
      // A lead added without an owner goes to whom its region's rule chooses, once it has a place.
      const owner = row.owner_id
        ? null
        : await distributeLead(
            ctx,
            tx,
            lead.org_id,
            { ...place, region_id: region, team_id: row.team_id },
            version,
          );
      await tx
        .update(contacts)
        .set({
          lat: place.lat,
          lng: place.lng,
          region_id: region,
          ...stampFields(row, owner ? ['lat', 'lng', 'owner_id'] : ['lat', 'lng'], version),
          ...(owner ? { owner_id: owner } : {}),
          ...written,
        })
        .where(eq(contacts.id, lead.id));
      if (owner) await notifyLeadAssigned(tx, addedBy(row), version, row, { ...row, owner_id: owner });
    } else {
      const mark: LeadPlacement = { state: 'failed', at: now, address };
      await tx
        .update(contacts)
        .set({ data: { ...(row.data as Record<string, unknown>), [PLACEMENT_FIELD]: mark }, ...written })
        .where(eq(contacts.id, lead.id));
    }
    return true;
  });
}

/**
 * One run: looks up a batch of leads without a position and writes what it found. `pacing` is
 * this process's own unless a test gives one.
 */
export async function placeLeads(
  ctx: ServiceContext,
  options: { limit?: number; pacing?: PlacementPacing } = {},
): Promise<PlacementRun> {
  const run: PlacementRun = { placed: 0, failed: 0, left: 0, more: false };
  if (!ctx.config.placeLeads) return run;
  const limit = options.limit ?? PLACEMENT_BATCH;
  const pacing = options.pacing ?? pacingOf(ctx.config);
  const batch = await candidates(ctx, limit);
  const byOrg = new Map<number, Candidate[]>();
  for (const lead of batch) byOrg.set(lead.org_id, [...(byOrg.get(lead.org_id) ?? []), lead]);

  // Orgs take turns lead by lead, so one org's slow geocoder holds back no other org's leads.
  const queues = [...byOrg.entries()].map(async ([orgId, leads]) => {
    const record: CallRecord = {};
    const setting = (await settingOf(ctx, orgId)) ?? defaultGeocoder(ctx.config.defaultGeocoderUrl);
    // Off (the org's choice, or the build's default): nothing is called.
    const lane = laneOf(setting);
    if (!lane) return;
    const geocoder = geocoderFor(setting, {}, serverFetcher(ctx.config, pacing, record));
    if (!geocoder) return;
    for (const [i, lead] of leads.entries()) {
      const address = placementAddress(lead);
      if (!address) continue;
      if (pacing.breaker.pausedUntil(lane, pacing.clock.now())) {
        run.left += leads.length - i;
        return;
      }
      record.status = undefined;
      const found = await lookUp(geocoder, address, record);
      if (found.outcome === 'refused') {
        console.warn(`Lead placement: org ${orgId}'s geocoder address is not allowed; nothing was sent.`);
        pacing.breaker.failure(lane, pacing.clock.now());
        run.left += leads.length - i;
        return;
      }
      if (found.outcome === 'later') {
        pacing.breaker.failure(lane, pacing.clock.now());
        run.left++;
        continue;
      }
      pacing.breaker.success(lane);
      const place = found.outcome === 'found' ? found.place : undefined;
      if (await writeOutcome(ctx, lead, address, place)) {
        if (place) run.placed++;
        else run.failed++;
      }
    }
  });
  await Promise.all(queues);
  // Only a batch that got somewhere asks for the next at once; one left whole waits for the minute.
  run.more = batch.length === limit && run.placed + run.failed > 0;
  return run;
}
