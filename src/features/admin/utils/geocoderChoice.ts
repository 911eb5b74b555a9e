import { defaultGeocoder, type GeocoderKind, type GeocoderSetting } from '#src/domain/schemas/geocoder.ts';
import type { MessageKey } from '#src/ui/messages.ts';

/** The choices of the address search section, in the order it offers them. */
export const GEOCODER_KINDS: readonly GeocoderKind[] = ['public', 'photon', 'nominatim', 'off'];

/** The setting a form's choice and address make (the server checks the address again). */
export function geocoderChoice(kind: GeocoderKind, url: string): GeocoderSetting | undefined {
  if (kind === 'public' || kind === 'off') return { kind };
  const address = url.trim();
  return address ? { kind, url: address } : undefined;
}

/** The org's address search in words: what it chose, or the default; a build's Google key wins. */
export function geocoderInWords(
  setting: GeocoderSetting | null,
  build: { googleKey?: string | undefined; nominatimUrl?: string | undefined },
): { key: MessageKey<'admin'>; url?: string } {
  if (build.googleKey) return { key: 'geocoder.currentGoogle' };
  if (!setting) {
    const byDefault = defaultGeocoder(build.nominatimUrl);
    if (byDefault.kind === 'off') return { key: 'geocoder.currentOff' };
    return byDefault.kind === 'nominatim'
      ? { key: 'geocoder.currentBuildDefault', url: byDefault.url }
      : { key: 'geocoder.currentDefault' };
  }
  switch (setting.kind) {
    case 'public':
      return { key: 'geocoder.currentPublic' };
    case 'photon':
      return { key: 'geocoder.currentPhoton', url: setting.url };
    case 'nominatim':
      return { key: 'geocoder.currentNominatim', url: setting.url };
    case 'off':
      return { key: 'geocoder.currentOff' };
  }
}
