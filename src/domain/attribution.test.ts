import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_MAX_AGE_S,
  ATTRIBUTION_SESSION_MAX_AGE_S,
  attributionFromQuery,
  isPromoCode,
  parseAttribution,
} from './attribution.ts';

describe('isPromoCode', () => {
  it.each([
    ['100000', true],
    ['999999', true],
    ['123456', true],
    ['099999', false],
    ['000000', false],
    ['1000000', false],
    ['99999', false],
    ['12345a', false],
    [' 123456', false],
    ['12345.6', false],
    ['-12345', false],
    ['１２３４５６', false],
    ['', false],
  ])('%j is %s', (value, valid) => {
    expect(isPromoCode(value)).toBe(valid);
  });
});

describe('lifetimes', () => {
  it('keeps attribution about 6 months and its session 30 minutes', () => {
    expect(ATTRIBUTION_MAX_AGE_S / 86_400).toBeGreaterThanOrEqual(182);
    expect(ATTRIBUTION_MAX_AGE_S / 86_400).toBeLessThanOrEqual(184);
    expect(ATTRIBUTION_SESSION_MAX_AGE_S).toBe(1800);
  });
});

describe('attributionFromQuery', () => {
  it('takes the utm parameters, ref and a valid promo code', () => {
    expect(
      attributionFromQuery('?utm_source=flyer&utm_medium=print&utm_campaign=spring&ref=ana&promo=123456&x=1'),
    ).toEqual({
      utm_source: 'flyer',
      utm_medium: 'print',
      utm_campaign: 'spring',
      ref: 'ana',
      promo: '123456',
    });
  });

  it('drops an invalid promo code and keeps the rest', () => {
    expect(attributionFromQuery('?promo=012345&ref=ana')).toEqual({ ref: 'ana' });
  });

  it('carries nothing for a plain visit or empty values', () => {
    expect(attributionFromQuery('')).toBeUndefined();
    expect(attributionFromQuery('?utm_source=&promo=abc')).toBeUndefined();
  });

  it('refuses control characters and bounds long values', () => {
    expect(attributionFromQuery('?ref=a%00b')).toBeUndefined();
    expect(attributionFromQuery('?ref=a%ED%A0%80b')?.ref).not.toMatch(/[\uD800-\uDFFF]/);
    expect(attributionFromQuery(`?ref=${'x'.repeat(500)}`)?.ref).toHaveLength(200);
  });
});

describe('parseAttribution', () => {
  it('reads back what was stored, checked again', () => {
    expect(parseAttribution(JSON.stringify({ ref: 'ana', promo: '42', other: 'x' }))).toEqual({ ref: 'ana' });
    expect(parseAttribution('not json')).toBeUndefined();
    expect(parseAttribution(undefined)).toBeUndefined();
    expect(parseAttribution('null')).toBeUndefined();
  });
});
