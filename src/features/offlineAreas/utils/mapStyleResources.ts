/**
 * Reads a MapLibre style to find everything the map loads from the network: the style itself, its
 * TileJSON documents, the tile URL templates of its vector, raster and elevation sources, its
 * sprite sheets, GeoJSON files and the glyph ranges of Latin text.
 */
import { z } from 'zod';
import { cacheKey, type TileScheme, unsupportedPlaceholder } from './tileUrls.ts';

export interface StyleTileSource {
  id: string;
  templates: string[];
  scheme: TileScheme;
  tileSize: number;
  minzoom: number;
  maxzoom: number;
}

export interface StyleResources {
  /** Style, TileJSON, sprite, glyph and GeoJSON URLs: small, shared by every area. */
  files: string[];
  sources: StyleTileSource[];
  /** Sources that cannot be saved, with the reason. */
  skipped: { id: string; reason: string }[];
  /** The deepest zoom any tile source publishes. */
  maxzoom: number;
}

export type FetchJson = (url: string) => Promise<unknown>;

/**
 * Latin text: Basic Latin and Latin-1 (0–255), Latin Extended-A/B (256–511) and punctuation such
 * as dashes and curly quotes (8192–8447). Other scripts are fetched when first shown online.
 */
export const GLYPH_RANGES = ['0-255', '256-511', '8192-8447'] as const;
/** MapLibre's default `text-font`. */
const DEFAULT_FONTSTACK = 'Open Sans Regular,Arial Unicode MS Regular';
/** Source zooms when the style does not say (the style specification's defaults). */
const SPEC_MIN_ZOOM = 0;
const SPEC_MAX_ZOOM = 22;
const SPEC_TILE_SIZE = 512;

const tileJsonSchema = z.object({
  tiles: z.array(z.string()).min(1),
  scheme: z.enum(['xyz', 'tms']).optional(),
  minzoom: z.number().optional(),
  maxzoom: z.number().optional(),
});

const sourceSchema = z.looseObject({
  type: z.string(),
  url: z.string().optional(),
  tiles: z.array(z.string()).optional(),
  scheme: z.enum(['xyz', 'tms']).optional(),
  tileSize: z.number().positive().optional(),
  minzoom: z.number().optional(),
  maxzoom: z.number().optional(),
  data: z.unknown().optional(),
});

const styleSchema = z.looseObject({
  version: z.literal(8),
  sources: z.record(z.string(), sourceSchema),
  sprite: z.union([z.string(), z.array(z.object({ id: z.string(), url: z.string() }))]).optional(),
  glyphs: z.string().optional(),
  layers: z.array(z.looseObject({ type: z.string(), layout: z.record(z.string(), z.unknown()).optional() })),
});

const TILED_TYPES = new Set(['vector', 'raster', 'raster-dem']);

/** Resolves a URL written in a document against that document's address, keeping `{…}` placeholders. */
function resolveTemplate(template: string, base: string): string {
  return new URL(template, base).href.replace(/%7B/gi, '{').replace(/%7D/gi, '}');
}

/** The font stacks the style's symbol layers name (expressions other than a plain list are not read). */
function fontStacks(layers: z.infer<typeof styleSchema>['layers']): string[] {
  const stacks = new Set<string>();
  for (const layer of layers) {
    if (layer.type !== 'symbol' || layer.layout?.['text-field'] === undefined) continue;
    const font = layer.layout['text-font'];
    if (font === undefined) stacks.add(DEFAULT_FONTSTACK);
    else if (Array.isArray(font) && font.every((f) => typeof f === 'string') && font[0] !== 'literal') {
      stacks.add(font.join(','));
    } else if (Array.isArray(font) && font[0] === 'literal' && Array.isArray(font[1])) {
      stacks.add((font[1] as unknown[]).map(String).join(','));
    }
  }
  return [...stacks];
}

/** Sprite sheet URLs as MapLibre builds them: the base URL + `@2x` on dense screens + `.json`/`.png`. */
function spriteUrls(
  sprite: z.infer<typeof styleSchema>['sprite'],
  base: string,
  pixelRatio: number,
): string[] {
  if (!sprite) return [];
  const list = typeof sprite === 'string' ? [sprite] : sprite.map((s) => s.url);
  const suffix = pixelRatio > 1 ? '@2x' : '';
  return list.flatMap((url) =>
    ['.json', '.png'].map((ext) => {
      const parsed = new URL(url, base);
      parsed.pathname += `${suffix}${ext}`;
      return parsed.href;
    }),
  );
}

export class StyleError extends Error {}

/**
 * Everything the style at styleUrl needs from the network. Throws StyleError when the style is
 * not a MapLibre style (version 8) or a TileJSON it points to cannot be read.
 */
export async function resolveStyleResources(
  styleUrl: string,
  fetchJson: FetchJson,
  pixelRatio = 1,
): Promise<StyleResources> {
  const styleKey = cacheKey(styleUrl);
  const parsed = styleSchema.safeParse(await fetchJson(styleKey));
  if (!parsed.success) throw new StyleError(`${styleKey} is not a MapLibre style (version 8).`);
  const style = parsed.data;
  const files = [styleKey];
  const sources: StyleTileSource[] = [];
  const skipped: StyleResources['skipped'] = [];

  for (const [id, source] of Object.entries(style.sources)) {
    if (source.type === 'geojson' && typeof source.data === 'string') {
      files.push(cacheKey(source.data, styleKey));
      continue;
    }
    if (!TILED_TYPES.has(source.type)) continue;
    let tiles = source.tiles;
    let base = styleKey;
    let { scheme, minzoom, maxzoom } = source;
    if (!tiles && source.url) {
      const tileJsonUrl = cacheKey(source.url, styleKey);
      const tileJson = tileJsonSchema.safeParse(await fetchJson(tileJsonUrl));
      if (!tileJson.success) throw new StyleError(`${tileJsonUrl} is not a TileJSON document with tiles.`);
      files.push(tileJsonUrl);
      base = tileJsonUrl;
      tiles = tileJson.data.tiles;
      // The style's own values win over the TileJSON's, as in MapLibre.
      scheme ??= tileJson.data.scheme;
      minzoom ??= tileJson.data.minzoom;
      maxzoom ??= tileJson.data.maxzoom;
    }
    if (!tiles?.length) {
      skipped.push({ id, reason: 'no tile URLs' });
      continue;
    }
    const unsupported = tiles.map(unsupportedPlaceholder).find(Boolean);
    if (unsupported) {
      skipped.push({ id, reason: `MapLibre does not fill in ${unsupported}` });
      continue;
    }
    sources.push({
      id,
      templates: tiles.map((t) => resolveTemplate(t, base)),
      scheme: scheme ?? 'xyz',
      tileSize: source.tileSize ?? SPEC_TILE_SIZE,
      minzoom: minzoom ?? SPEC_MIN_ZOOM,
      maxzoom: maxzoom ?? SPEC_MAX_ZOOM,
    });
  }

  files.push(...spriteUrls(style.sprite, styleKey, pixelRatio));
  if (style.glyphs) {
    const glyphs = style.glyphs;
    for (const stack of fontStacks(style.layers)) {
      for (const range of GLYPH_RANGES) {
        files.push(cacheKey(glyphs.replace('{fontstack}', stack).replace('{range}', range), styleKey));
      }
    }
  }
  const maxzoom = sources.reduce((deepest, s) => Math.max(deepest, s.maxzoom), 0);
  return { files: [...new Set(files)], sources, skipped, maxzoom };
}
