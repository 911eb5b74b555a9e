/**
 * The build's base map default (`VITE_MAP_STYLE_URL`: a MapLibre style address, or `builtin`);
 * unset, an org that chose none draws the public street map (`defaultBaseMap` in
 * src/domain/schemas/mapTiles.ts).
 */
const value = import.meta.env.VITE_MAP_STYLE_URL;
export const BUILD_MAP_STYLE: string | undefined =
  typeof value === 'string' && value.trim() ? value.trim() : undefined;
