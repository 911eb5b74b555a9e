import { describe, expect, it } from 'vitest';
import { isArchiveRangeRequest, keepableRange, keptRangeAnswer } from './mapCaches.ts';

describe('kept byte ranges of a map archive', () => {
  it('keeps a 206 as a 200 the Cache API accepts, and answers it again as the 206 it was', async () => {
    const answer = new Response(new Uint8Array([1, 2, 3, 4]), {
      status: 206,
      headers: {
        'content-range': 'bytes 10-13/100',
        etag: '"v1"',
        'content-type': 'application/vnd.pmtiles',
        'set-cookie': 'not=kept',
      },
    });
    const kept = await keepableRange(answer);
    expect(kept?.status).toBe(200);
    expect(kept?.headers.get('x-content-range')).toBe('bytes 10-13/100');
    expect(kept?.headers.get('set-cookie')).toBeNull();
    const again = keptRangeAnswer(kept as Response);
    expect(again.status).toBe(206);
    expect(again.headers.get('content-range')).toBe('bytes 10-13/100');
    expect(again.headers.get('content-length')).toBe('4');
    expect(again.headers.get('etag')).toBe('"v1"');
    expect(again.headers.get('x-content-range')).toBeNull();
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3, 4]));
  });

  it('keeps nothing but partial answers', async () => {
    expect(await keepableRange(new Response('whole file', { status: 200 }))).toBeUndefined();
    expect(await keepableRange(new Response('gone', { status: 404 }))).toBeUndefined();
    expect(await keepableRange(new Response(null, { status: 206 }))).toBeUndefined();
  });

  it('knows an archive range request', () => {
    const range = new Headers({ range: 'bytes=0-16383' });
    expect(isArchiveRangeRequest(new URL('https://a.example/api/v2/map/tiles.pmtiles?v=1'), range)).toBe(
      true,
    );
    expect(isArchiveRangeRequest(new URL('https://a.example/api/v2/map/tiles.pmtiles'), new Headers())).toBe(
      false,
    );
    expect(isArchiveRangeRequest(new URL('https://a.example/tiles/1/2/3.pbf'), range)).toBe(false);
  });
});
