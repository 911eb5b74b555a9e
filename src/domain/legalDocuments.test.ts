import { describe, expect, it } from 'vitest';
import {
  isLegalSlug,
  legalDocumentServes,
  legalSlugOf,
  legalSlugsFor,
  termsAcceptanceHolds,
  termsDue,
} from './legalDocuments.ts';

describe('legal document slugs', () => {
  it.each([
    ['terms', true],
    ['privacy', true],
    ['cookie-policy', true],
    ['gdpr2', true],
    ['a', true],
    ['a'.repeat(60), true],
    ['a'.repeat(61), false],
    ['', false],
    ['Terms', false],
    ['cookie_policy', false],
    ['-terms', false],
    ['terms-', false],
    ['double--dash', false],
    ['..', false],
    ['terms%2F', false],
    ['términos', false],
  ])('%s is a slug: %s', (slug, expected) => {
    expect(isLegalSlug(slug)).toBe(expected);
  });

  it.each([
    ['terms', ['terms']],
    ['privacy', ['privacy', 'terms']],
    ['cookie-policy', ['cookie-policy']],
    ['Bad Slug', []],
  ])('the documents that answer for %s are %j, in order', (slug, expected) => {
    expect(legalSlugsFor(slug)).toEqual(expected);
  });

  it.each([
    ['terms', 'terms', true],
    ['terms', 'privacy', true],
    ['privacy', 'privacy', true],
    ['privacy', 'terms', false],
    ['terms', 'cookie-policy', false],
    ['cookie-policy', 'cookie-policy', true],
    ['terms', 'TERMS', false],
  ])('a document published as %s serves the page %s: %s', (document, page, expected) => {
    expect(legalDocumentServes(document, page)).toBe(expected);
  });

  it.each([
    ['/legal/terms', 'terms'],
    ['/legal/privacy/', 'privacy'],
    ['/legal/cookie-policy', 'cookie-policy'],
    ['/legal/', undefined],
    ['/legal', undefined],
    ['/legal/terms/extra', undefined],
    ['/legal/Terms', undefined],
    ['/legal/%2e%2e', undefined],
    ['/contacts/terms', undefined],
  ])('the slug of %s is %s', (path, expected) => {
    expect(legalSlugOf(path)).toBe(expected);
  });
});

describe('accepting the terms', () => {
  it.each([
    ['1.0', '1.0', true],
    ['1.0', '2.0', false],
    ['1.0', undefined, true],
    [null, '1.0', false],
    [null, undefined, false],
  ])('an acceptance of %s holds with %s in force: %s', (accepted, inForce, expected) => {
    expect(termsAcceptanceHolds(accepted, inForce)).toBe(expected);
  });

  it.each([
    // Nothing synced in force: the sign-in's answer decides.
    [null, null, undefined, true],
    ['1.0', '1.0', undefined, false],
    ['1.0', null, undefined, false],
    // New terms synced while signed in.
    ['1.0', '1.0', '2.0', true],
    // Accepted here (the pull not back yet), or on another device (pulled).
    ['2.0', '1.0', '2.0', false],
    ['1.0', '2.0', '2.0', false],
    [null, '2.0', '2.0', false],
    [null, null, '2.0', true],
  ])('signed in with %s, synced %s, %s in force: due %s', (signedIn, synced, inForce, expected) => {
    expect(termsDue({ signedIn, synced, inForce })).toBe(expected);
  });
});
