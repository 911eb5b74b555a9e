import { describe, expect, it } from 'vitest';
import { isNewBuild, MANIFEST_MIN_GAP_MS, manifestBuildId, shouldCheck } from './buildManifest.ts';

describe('isNewBuild', () => {
  it.each([
    [{ build_id: 'b2' }, true],
    [{ build_id: 'b1' }, false],
    [{ build_id: '' }, false],
    [{ build_id: 42 }, false],
    [{}, false],
    [null, false],
    ['b2', false],
    [{ build_id: 'x'.repeat(201) }, false],
  ])('manifest %j against running b1: %s', (body, expected) => {
    expect(isNewBuild('b1', body)).toBe(expected);
  });

  it('reads the id of a manifest', () => {
    expect(manifestBuildId({ build_id: 'b3', built_at: '2026-01-01' })).toBe('b3');
  });
});

describe('shouldCheck', () => {
  it('checks at first, then not again within the gap, and never while hidden', () => {
    expect(shouldCheck(1000, undefined, true)).toBe(true);
    expect(shouldCheck(1000, undefined, false)).toBe(false);
    expect(shouldCheck(1000 + MANIFEST_MIN_GAP_MS - 1, 1000, true)).toBe(false);
    expect(shouldCheck(1000 + MANIFEST_MIN_GAP_MS, 1000, true)).toBe(true);
  });
});
