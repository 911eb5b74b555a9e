import { describe, expect, it } from 'vitest';
import { ApiError } from '#src/api/client.ts';
import { type LegalAnswer, legalFailure, legalPageView } from './legalPage.ts';
import type { LegalDocument } from './terms.ts';

const doc = (slug: string): LegalDocument => ({
  slug,
  version: '1',
  title: `${slug} title`,
  content: 'Text',
  updated_at: '2026-01-01T00:00:00Z',
});

describe('legalPageView', () => {
  it.each<[string, string | undefined, LegalDocument | undefined, LegalAnswer | undefined, unknown]>([
    ['an address naming no document', undefined, undefined, undefined, { state: 'missing' }],
    [
      'a malformed address, whatever the page holds',
      undefined,
      doc('terms'),
      undefined,
      { state: 'missing' },
    ],
    [
      'the document drawn into the page',
      'terms',
      doc('terms'),
      undefined,
      { state: 'shown', document: doc('terms') },
    ],
    [
      'the terms drawn into the privacy page',
      'privacy',
      doc('terms'),
      undefined,
      { state: 'shown', document: doc('terms') },
    ],
    [
      'a document drawn for another page, not yet asked',
      'cookies',
      doc('terms'),
      undefined,
      { state: 'loading' },
    ],
    ['nothing drawn, not yet asked', 'cookies', undefined, undefined, { state: 'loading' }],
    [
      'the answer for another slug',
      'cookies',
      undefined,
      { slug: 'terms', document: doc('terms') },
      { state: 'loading' },
    ],
    [
      'the answer for this slug',
      'cookies',
      undefined,
      { slug: 'cookies', document: doc('cookies') },
      { state: 'shown', document: doc('cookies') },
    ],
    [
      'an answer naming a document that does not serve the page',
      'cookies',
      undefined,
      { slug: 'cookies', document: doc('terms') },
      { state: 'missing' },
    ],
    [
      'a 404 for this slug',
      'cookies',
      undefined,
      { slug: 'cookies', failure: 'missing' },
      { state: 'missing' },
    ],
    [
      'no connection for this slug',
      'cookies',
      undefined,
      { slug: 'cookies', failure: 'unavailable' },
      { state: 'unavailable' },
    ],
    [
      'a 404 for another slug',
      'terms',
      undefined,
      { slug: 'cookies', failure: 'missing' },
      { state: 'loading' },
    ],
  ])('%s', (_case, slug, inPage, answer, expected) => {
    expect(legalPageView(slug, inPage, answer)).toEqual(expected);
  });
});

describe('legalFailure', () => {
  it.each<[unknown, string]>([
    [new ApiError(404, 'No legal document named "x" has been published.'), 'missing'],
    [new ApiError(0, 'offline'), 'unavailable'],
    [new ApiError(500, 'broken'), 'unavailable'],
    [new ApiError(400, 'slug: must be …'), 'unavailable'],
    [new TypeError('Failed to fetch'), 'unavailable'],
  ])('%s is %s', (error, expected) => {
    expect(legalFailure(error)).toBe(expected);
  });
});
