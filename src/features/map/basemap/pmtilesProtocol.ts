/**
 * MapLibre reads `pmtiles://<archive URL>` sources through the PMTiles protocol: the archive's
 * header and directories, then each tile, all as HTTP range requests (which the service worker
 * keeps per range for offline use). Registered once for the page.
 */
import { addProtocol } from 'maplibre-gl';
import { FetchSource, PMTiles, Protocol } from 'pmtiles';

let protocol: Protocol | undefined;

/** The protocol, registered with MapLibre on first use, reading the archive at `url`. */
export function pmtilesSourceUrl(url: string): string {
  if (!protocol) {
    protocol = new Protocol();
    addProtocol('pmtiles', protocol.tile);
  }
  if (!protocol.get(url)) {
    const source = new FetchSource(url);
    // Chrome on Windows would otherwise ask with `cache: no-store`, which the service worker
    // reads as a page saving an area itself, and would not keep the viewed ranges.
    source.chromeWindowsNoCache = false;
    protocol.add(new PMTiles(source));
  }
  return `pmtiles://${url}`;
}
