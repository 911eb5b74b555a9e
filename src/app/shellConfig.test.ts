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
  it('opens outside development only', () => {
    expect(panelStartsOpen(false)).toBe(true);
    expect(panelStartsOpen(true)).toBe(false);
  });
});
