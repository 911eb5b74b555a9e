/**
 * Which addresses the server may connect to on its own (webhook deliveries, OAuth token and revoke
 * calls): the pure part. An address is classified by its range; public addresses are always
 * allowed, private ones (loopback, RFC 1918, unique-local, shared/CGNAT) only when the deployment
 * allows them (OUTBOUND_ALLOW_PRIVATE=1), and link-local (the cloud metadata address among them),
 * unspecified, multicast, broadcast and reserved addresses never. IPv6 forms that carry an IPv4
 * address (mapped, compatible, translated, NAT64, 6to4) are judged by the address they carry.
 * Host names are resolved elsewhere (outboundFetch.ts); this module only judges addresses.
 */
import { isIP } from 'node:net';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link_local'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved';

/** Classes allowed only when the deployment allows private addresses. */
const PRIVATE_CLASSES: ReadonlySet<AddressClass> = new Set(['loopback', 'private', 'shared']);

/** Whether an address of this class may be connected to. */
export function classAllowed(cls: AddressClass, allowPrivate: boolean): boolean {
  if (cls === 'public') return true;
  return allowPrivate && PRIVATE_CLASSES.has(cls);
}

const inV4 = (b: number[], prefix: [number, number, number, number], bits: number): boolean => {
  const value = (((b[0] ?? 0) << 24) | ((b[1] ?? 0) << 16) | ((b[2] ?? 0) << 8) | (b[3] ?? 0)) >>> 0;
  const base = ((prefix[0] << 24) | (prefix[1] << 16) | (prefix[2] << 8) | prefix[3]) >>> 0;
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (value & mask) >>> 0 === (base & mask) >>> 0;
};

/** The class of an IPv4 address given as its four bytes. */
function classifyV4(b: number[]): AddressClass {
  if (inV4(b, [255, 255, 255, 255], 32)) return 'broadcast';
  if (inV4(b, [0, 0, 0, 0], 8)) return 'unspecified';
  if (inV4(b, [127, 0, 0, 0], 8)) return 'loopback';
  if (inV4(b, [169, 254, 0, 0], 16)) return 'link_local';
  if (inV4(b, [10, 0, 0, 0], 8) || inV4(b, [172, 16, 0, 0], 12) || inV4(b, [192, 168, 0, 0], 16))
    return 'private';
  // Benchmarking networks, often used inside data centres and by local DNS proxies.
  if (inV4(b, [198, 18, 0, 0], 15)) return 'private';
  if (inV4(b, [100, 64, 0, 0], 10)) return 'shared';
  if (inV4(b, [224, 0, 0, 0], 4)) return 'multicast';
  if (inV4(b, [240, 0, 0, 0], 4) || inV4(b, [192, 0, 0, 0], 24)) return 'reserved';
  return 'public';
}

function parseV4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : Number.NaN));
  return bytes.every((n) => n >= 0 && n <= 255) ? bytes : undefined;
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail allowed), or undefined. */
function parseV6(text: string): number[] | undefined {
  let rest = text.replace(/%.*$/, '').toLowerCase();
  const tail: number[] = [];
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(rest);
  if (dotted?.[1]) {
    const v4 = parseV4(dotted[1]);
    if (!v4) return undefined;
    tail.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
    rest = rest.slice(0, dotted.index + 1);
    if (!rest.endsWith('::')) rest = rest.slice(0, -1);
  }
  const halves = rest.split('::');
  if (halves.length > 2) return undefined;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0] ?? '');
  const back = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const all = [...head, ...back];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  const fill = 8 - tail.length - all.length;
  if (halves.length === 2 ? fill < 1 : fill !== 0) return undefined;
  return [
    ...head.map((g) => Number.parseInt(g, 16)),
    ...Array<number>(halves.length === 2 ? fill : 0).fill(0),
    ...back.map((g) => Number.parseInt(g, 16)),
    ...tail,
  ];
}

const v4Of = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];

/** The class of an IPv6 address given as its eight groups. */
function classifyV6(g: number[]): AddressClass {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(8)) return 'unspecified';
  if (zeroTo(7) && g7 === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), ::ffff:0:a.b.c.d (translated).
  if (zeroTo(5) && g5 === 0xffff) return classifyV4(v4Of(g6, g7));
  if (zeroTo(6)) return classifyV4(v4Of(g6, g7));
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return classifyV4(v4Of(g6, g7));
  // NAT64 (64:ff9b::/96) carries the IPv4 address it reaches; the local-use prefix is private.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return classifyV4(v4Of(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'private';
  // 6to4 (2002::/16) carries its IPv4 address in the next 32 bits.
  if (g0 === 0x2002) return classifyV4(v4Of(g1, g2));
  if ((g0 & 0xffc0) === 0xfe80) return 'link_local';
  if ((g0 & 0xffc0) === 0xfec0) return 'private';
  if ((g0 & 0xfe00) === 0xfc00) return 'private';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  // Documentation (2001:db8::/32) and discard-only (100::/64) addresses.
  if (g0 === 0x2001 && g1 === 0xdb8) return 'reserved';
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved';
  return 'public';
}

/** The class of an IP address (IPv4 dotted, or IPv6 with or without brackets); undefined for a name. */
export function classifyAddress(address: string): AddressClass | undefined {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const kind = isIP(bare.replace(/%.*$/, ''));
  if (kind === 4) {
    const v4 = parseV4(bare);
    return v4 ? classifyV4(v4) : undefined;
  }
  if (kind === 6) {
    const v6 = parseV6(bare);
    return v6 ? classifyV6(v6) : undefined;
  }
  return undefined;
}

/** Names that always mean this machine, whatever a resolver says (RFC 6761). */
export function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * The class of a URL's host when it can be told without resolving it: an address literal (the
 * WHATWG parser already turned `2130706433`, `0177.0.0.1` or `127.1` into `127.0.0.1`) or a
 * localhost name. Undefined for any other name.
 */
export function literalHostClass(url: URL): AddressClass | undefined {
  if (isLocalhostName(url.hostname)) return 'loopback';
  return classifyAddress(url.hostname);
}

/** Whether a URL's host is this machine (loopback literal or localhost name). */
export function isLoopbackUrl(url: URL): boolean {
  return literalHostClass(url) === 'loopback';
}
