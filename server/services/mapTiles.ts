/**
 * The org's base map: one PMTiles archive per org, kept as a file under DATA_DIR and served in
 * byte ranges, the https address of an archive or a MapLibre style served elsewhere, or the
 * built-in geography. The choice is the org's `map_tiles` interface, which every device pulls;
 * with none, devices draw the public street map. Only admins (`settings.manage`) change it;
 * every signed-in member of the org may read the file (it holds only public map data, but it is
 * the org's own extract, so it stays behind sign-in like the rest of the org's files).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { and, eq, isNull } from 'drizzle-orm';
import { type Actor, can } from '#src/domain/permissions.ts';
import { PMTILES_HEADER_BYTES, readPmtilesHeader } from '#src/domain/pmtilesHeader.ts';
import {
  type BaseMapChoice,
  MAP_TILES_KEY,
  MAP_TILES_MAX_BYTES,
  MAP_TILES_TOO_LARGE,
  type MapTilesSetting,
  mapTilesSettingSchema,
} from '#src/domain/schemas/mapTiles.ts';
import { interfaces } from '../db/schema.ts';
import type { ServiceContext } from './context.ts';
import { editInterface } from './interfaces.ts';
import { forbidden, invalid, notFound, tooLarge } from './serviceError.ts';
import { inVersionedTransaction } from './versions.ts';

const ADMINS_ONLY = 'Only admins can change the base map.';
const NO_FILE = 'This org has no uploaded base map.';

function tilesDir(ctx: ServiceContext): string {
  return join(ctx.config.dataDir, 'map-tiles');
}
function tilesFile(ctx: ServiceContext, orgId: number): string {
  return join(tilesDir(ctx), `org-${orgId}.pmtiles`);
}

export async function mapTilesSetting(ctx: ServiceContext, orgId: number): Promise<MapTilesSetting | null> {
  const [row] = await ctx.db
    .select({ data: interfaces.data })
    .from(interfaces)
    .where(
      and(eq(interfaces.org_id, orgId), eq(interfaces.key, MAP_TILES_KEY), isNull(interfaces.deleted_at)),
    );
  const parsed = mapTilesSettingSchema.safeParse(row?.data);
  return parsed.success ? parsed.data : null;
}

/** The org's uploaded archive, for a signed-in member of the org. */
export async function openMapTiles(
  ctx: ServiceContext,
  actor: Actor,
): Promise<{ path: string; size: number; etag: string }> {
  const setting = await mapTilesSetting(ctx, actor.org_id);
  if (setting?.kind !== 'upload') throw notFound(NO_FILE);
  const path = tilesFile(ctx, actor.org_id);
  const info = await stat(path).catch(() => undefined);
  // The file of another server's DATA_DIR, or one removed by hand.
  if (!info || info.size !== setting.size) throw notFound(NO_FILE);
  return { path, size: info.size, etag: setting.etag };
}

/**
 * Stores an uploaded archive: streamed to a temporary file (never whole in memory) while its size
 * is counted, its header checked and its digest taken, then put in place of the old one.
 */
export async function putMapTiles(
  ctx: ServiceContext,
  actor: Actor,
  body: ReadableStream<Uint8Array> | null,
): Promise<MapTilesSetting> {
  if (!can(actor, 'settings.manage')) throw forbidden(ADMINS_ONLY);
  if (!body) throw invalid('Send the .pmtiles file as the request body.');
  await mkdir(tilesDir(ctx), { recursive: true });
  const temp = join(tilesDir(ctx), `upload-${randomUUID()}.tmp`);
  const out = createWriteStream(temp);
  const hash = createHash('sha256');
  let size = 0;
  let head = new Uint8Array(0);
  try {
    for await (const chunk of body) {
      size += chunk.byteLength;
      if (size > MAP_TILES_MAX_BYTES) throw tooLarge(MAP_TILES_TOO_LARGE);
      if (head.byteLength < PMTILES_HEADER_BYTES) {
        const joined = new Uint8Array(head.byteLength + chunk.byteLength);
        joined.set(head);
        joined.set(chunk, head.byteLength);
        head = joined.slice(0, PMTILES_HEADER_BYTES);
        if (head.byteLength === PMTILES_HEADER_BYTES) {
          const check = readPmtilesHeader(head);
          if (!check.ok) throw invalid(check.message);
        }
      }
      hash.update(chunk);
      if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
    }
    out.end();
    await finished(out);
    const check = readPmtilesHeader(head);
    if (!check.ok) throw invalid(check.message);
    const { header } = check;
    await rename(temp, tilesFile(ctx, actor.org_id));
    const setting: MapTilesSetting = {
      kind: 'upload',
      etag: `"${hash.digest('hex').slice(0, 32)}"`,
      size,
      uploaded_at: ctx.now().toISOString(),
      min_zoom: header.minZoom,
      max_zoom: header.maxZoom,
      bounds: header.bounds,
    };
    await editInterface(ctx, actor, { key: MAP_TILES_KEY, type: 'config', data: setting });
    return setting;
  } finally {
    out.destroy();
    await rm(temp, { force: true });
  }
}

/** Points the org's devices at an archive served elsewhere (its server must answer range requests). */
export async function setMapTilesUrl(
  ctx: ServiceContext,
  actor: Actor,
  input: { url: string },
): Promise<MapTilesSetting> {
  if (!can(actor, 'settings.manage')) throw forbidden(ADMINS_ONLY);
  const setting: MapTilesSetting = { kind: 'url', url: input.url };
  await editInterface(ctx, actor, { key: MAP_TILES_KEY, type: 'config', data: setting });
  await rm(tilesFile(ctx, actor.org_id), { force: true });
  return setting;
}

/**
 * A MapLibre style served elsewhere, or the built-in geography, for the org's devices; an
 * uploaded archive is removed.
 */
export async function setBaseMap(
  ctx: ServiceContext,
  actor: Actor,
  choice: BaseMapChoice,
): Promise<MapTilesSetting> {
  if (!can(actor, 'settings.manage')) throw forbidden(ADMINS_ONLY);
  await editInterface(ctx, actor, { key: MAP_TILES_KEY, type: 'config', data: choice });
  await rm(tilesFile(ctx, actor.org_id), { force: true });
  return choice;
}

/**
 * Back to the deployment's default base map (the public street map unless the build says
 * otherwise): the setting is removed (devices pull that) and so is the file.
 */
export async function clearMapTiles(ctx: ServiceContext, actor: Actor): Promise<void> {
  if (!can(actor, 'settings.manage')) throw forbidden(ADMINS_ONLY);
  await inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    await tx
      .update(interfaces)
      .set({ deleted_at: ctx.now().toISOString(), version, updated_by: actor.user_id })
      .where(
        and(
          eq(interfaces.org_id, actor.org_id),
          eq(interfaces.key, MAP_TILES_KEY),
          isNull(interfaces.deleted_at),
        ),
      );
  });
  await rm(tilesFile(ctx, actor.org_id), { force: true });
}
