import { describe, expect, it } from 'vitest';
import { isAllowedMediaType, mediaContentPath, thumbBlobId } from './media.ts';

describe('media rules', () => {
  it('accepts images and PDF, refuses the rest', () => {
    expect(isAllowedMediaType('image/png')).toBe(true);
    expect(isAllowedMediaType('image/svg+xml')).toBe(false);
    expect(isAllowedMediaType('application/pdf; charset=binary')).toBe(true);
    expect(isAllowedMediaType('text/html')).toBe(false);
    expect(isAllowedMediaType('')).toBe(false);
    expect(isAllowedMediaType('image/')).toBe(false);
  });

  it('names paths', () => {
    expect(mediaContentPath('abc')).toBe('/api/v2/media/abc/content');
    expect(mediaContentPath('abc', true)).toBe('/api/v2/media/abc/content?thumb=1');
    expect(thumbBlobId('abc')).toBe('abc:thumb');
  });
});
