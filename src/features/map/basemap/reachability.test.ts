import { describe, expect, it } from 'vitest';
import { isMapStyle, probeStyle } from './reachability.ts';

const STYLE = {
  version: 8,
  sources: { streets: { type: 'vector', url: 'https://t.example/x.json' } },
  layers: [],
};
const answering =
  (status: number, body: unknown): typeof fetch =>
  async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe('whether a base map answers', () => {
  it.each<{ value: unknown; expected: boolean }>([
    { value: STYLE, expected: true },
    { value: { ...STYLE, version: 7 }, expected: false },
    { value: { version: 8, layers: [] }, expected: false },
    { value: { version: 8, sources: {}, layers: {} }, expected: false },
    { value: null, expected: false },
    { value: '<html>', expected: false },
  ])('takes $value for a MapLibre style: $expected', ({ value, expected }) => {
    expect(isMapStyle(value)).toBe(expected);
  });

  it.each<{ name: string; fetcher: typeof fetch; expected: string }>([
    { name: 'a style', fetcher: answering(200, STYLE), expected: 'reachable' },
    { name: 'a 404', fetcher: answering(404, STYLE), expected: 'unreachable' },
    {
      name: 'a captive portal page',
      fetcher: answering(200, '<html>Sign in to Wi-Fi</html>'),
      expected: 'unreachable',
    },
    { name: 'JSON that is no style', fetcher: answering(200, { error: 'quota' }), expected: 'unreachable' },
    {
      name: 'no network',
      fetcher: async () => {
        throw new TypeError('Failed to fetch');
      },
      expected: 'unreachable',
    },
  ])('says $expected for $name', async ({ fetcher, expected }) => {
    expect(await probeStyle('https://t.example/style.json', fetcher)).toBe(expected);
  });

  it('gives up on a service that does not answer in time, without waiting for it', async () => {
    const silent: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    expect(await probeStyle('https://t.example/style.json', silent, 50)).toBe('unreachable');
  });
});
