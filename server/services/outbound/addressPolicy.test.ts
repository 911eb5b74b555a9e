import { describe, expect, it } from 'vitest';
import { type AddressClass, classAllowed, classifyAddress, literalHostClass } from './addressPolicy.ts';

const ADDRESSES: [string, AddressClass][] = [
  ['93.184.216.34', 'public'],
  ['8.8.8.8', 'public'],
  ['127.0.0.1', 'loopback'],
  ['127.255.10.1', 'loopback'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['169.254.169.254', 'link_local'],
  ['169.254.0.1', 'link_local'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['172.15.255.255', 'public'],
  ['172.32.0.1', 'public'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'shared'],
  ['100.127.255.255', 'shared'],
  ['100.128.0.1', 'public'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['2606:4700:4700::1111', 'public'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['::', 'unspecified'],
  ['fe80::1', 'link_local'],
  ['fe80::1%eth0', 'link_local'],
  ['febf::1', 'link_local'],
  ['fc00::1', 'private'],
  ['fd12:3456::1', 'private'],
  ['ff02::1', 'multicast'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:a9fe:a9fe', 'link_local'],
  ['::ffff:10.1.2.3', 'private'],
  ['::ffff:8.8.8.8', 'public'],
  ['::127.0.0.1', 'loopback'],
  ['::7f00:1', 'loopback'],
  ['::ffff:0:127.0.0.1', 'loopback'],
  ['64:ff9b::10.0.0.1', 'private'],
  ['64:ff9b::a9fe:a9fe', 'link_local'],
  ['64:ff9b::808:808', 'public'],
  ['2002:7f00:1::', 'loopback'],
  ['2002:c0a8:101::1', 'private'],
  ['2001:db8::1', 'reserved'],
];

describe('outgoing address classes', () => {
  it.each(ADDRESSES)('%s is %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });

  it('leaves names to the resolver', () => {
    expect(classifyAddress('hooks.example.com')).toBeUndefined();
    expect(classifyAddress('1.2.3')).toBeUndefined();
  });

  // The WHATWG parser canonicalises odd IPv4 spellings and IPv6 literals before they are judged.
  it.each([
    ['http://2130706433/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://0x7f.0.0.1/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://017700000001/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', 'loopback'],
    ['http://[::1]:8080/x', 'loopback'],
    ['http://localhost:3000/', 'loopback'],
    ['http://LOCALHOST./', 'loopback'],
    ['http://api.localhost/', 'loopback'],
    ['http://169.254.169.254/latest/meta-data', 'link_local'],
    ['http://2852039166/', 'link_local'],
    ['http://[fe80::1]/', 'link_local'],
    ['http://0/', 'unspecified'],
    ['https://10.1.1.1/', 'private'],
    ['https://93.184.216.34/', 'public'],
  ] as const)('%s is %s', (url, cls) => {
    expect(literalHostClass(new URL(url))).toBe(cls);
  });

  it('has names resolved rather than guessed', () => {
    expect(literalHostClass(new URL('https://hooks.example.com/'))).toBeUndefined();
    expect(literalHostClass(new URL('https://localhost.example.com/'))).toBeUndefined();
  });

  it('allows private classes only with the setting; link-local, unspecified and multicast never', () => {
    expect(classAllowed('public', false)).toBe(true);
    for (const cls of ['loopback', 'private', 'shared'] as const) {
      expect(classAllowed(cls, false), cls).toBe(false);
      expect(classAllowed(cls, true), cls).toBe(true);
    }
    for (const cls of ['link_local', 'unspecified', 'multicast', 'broadcast', 'reserved'] as const) {
      expect(classAllowed(cls, false), cls).toBe(false);
      expect(classAllowed(cls, true), cls).toBe(false);
    }
  });
});
