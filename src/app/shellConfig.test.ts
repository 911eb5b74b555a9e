import { describe, expect, it } from 'vitest';
import { panelStartsOpen, showMobileNavigation } from './shellConfig.ts';

describe('showMobileNavigation', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['true', true],
    ['1', true],
    ['false', false],
    [' FALSE ', false],
  ])('%j shows it: %s', (setting, shown) => {
    expect(showMobileNavigation(setting)).toBe(shown);
  });
});

describe('panelStartsOpen', () => {
  it.each([
    { development: false, narrow: false, open: true },
    { development: true, narrow: false, open: false },
    { development: false, narrow: true, open: false },
    { development: true, narrow: true, open: false },
  ])(
    'opens outside development on a wide screen only: $development, $narrow → $open',
    ({ development, narrow, open }) => {
      expect(panelStartsOpen(development, narrow)).toBe(open);
    },
  );
});
