import { describe, expect, it } from 'vitest';
import {
  fitWithin,
  initialsOf,
  isProfilePhotoType,
  profilePhotoKey,
  profilePhotoOwner,
} from './profilePhoto.ts';

describe('profile photos', () => {
  it.each([
    [4000, 3000, { width: 512, height: 384 }],
    [3000, 4000, { width: 384, height: 512 }],
    [512, 512, { width: 512, height: 512 }],
    [200, 100, { width: 200, height: 100 }],
    [10_000, 1, { width: 512, height: 1 }],
    [0, 100, { width: 0, height: 0 }],
    [Number.NaN, 100, { width: 0, height: 0 }],
  ])('fits %d×%d within 512 px', (w, h, expected) => {
    expect(fitWithin(w, h)).toEqual(expected);
  });

  it.each([
    ['image/jpeg', true],
    ['image/png', true],
    ['IMAGE/WEBP; q=1', true],
    ['image/gif', false],
    ['image/svg+xml', false],
    ['application/pdf', false],
    ['', false],
  ])('takes %s: %s', (type, expected) => {
    expect(isProfilePhotoType(type)).toBe(expected);
  });

  it.each([
    ['Ana María López', 'AL'],
    ['  cher ', 'C'],
    ['jean-luc picard', 'JP'],
    ['', ''],
    [null, ''],
  ])('initials of %j are %j', (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });

  it('marks a photo with its user and reads the mark back', () => {
    expect(profilePhotoOwner(profilePhotoKey('u-1'))).toBe('u-1');
    expect(profilePhotoOwner('pfp:')).toBeUndefined();
    expect(profilePhotoOwner('other')).toBeUndefined();
    expect(profilePhotoOwner(null)).toBeUndefined();
  });
});
