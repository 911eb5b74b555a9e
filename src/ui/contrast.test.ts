import { describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_STAGES } from '../domain/dealStages.ts';
import {
  adjustToContrast,
  contrastRatio,
  DARK_TEXT,
  LIGHT_TEXT,
  MIN_TEXT_CONTRAST,
  parseHexColor,
  readableTextOn,
  relativeLuminance,
} from './contrast.ts';

describe('text colour on a coloured background', () => {
  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    // Reference value: Mantine's blue-6 under white text is a known AA failure.
    expect(contrastRatio('#228be6', '#ffffff')).toBeCloseTo(3.56, 2);
    expect(contrastRatio('#ffffff', '#228be6')).toBe(contrastRatio('#228be6', '#ffffff'));
  });

  it('reads #rgb and #rrggbb, and refuses anything else', () => {
    expect(parseHexColor('#abc')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(parseHexColor('FFE066')).toEqual([255, 224, 102]);
    expect(parseHexColor('var(--mantine-color-blue-6)')).toBeUndefined();
    expect(parseHexColor('#12345')).toBeUndefined();
    expect(() => relativeLuminance('red')).toThrow('Not a hex colour');
  });

  it.each(
    DEFAULT_DEAL_STAGES.flatMap((stage) => [
      [stage.value, stage.color] as const,
      ...stage.options.map((o) => [o.value, o.color] as const),
    ]),
  )('gives %s (%s) text of at least 4.5:1', (_status, color) => {
    expect(contrastRatio(color, readableTextOn(color))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('puts dark text on the light status colours the map panel failed on, light text on dark ones', () => {
    for (const light of ['#ffe066', '#adb5bd', '#ced4da', '#fcc419', '#74c0fc'])
      expect(readableTextOn(light)).toBe(DARK_TEXT);
    for (const dark of ['#c92a2a', '#495057', '#0b7285', '#a61e4d'])
      expect(readableTextOn(dark)).toBe(LIGHT_TEXT);
  });

  it('reaches 4.5:1 on any colour at all', () => {
    for (let v = 0; v < 256 ** 3; v += 7919) {
      const color = `#${v.toString(16).padStart(6, '0')}`;
      expect(contrastRatio(color, readableTextOn(color))).toBeGreaterThan(MIN_TEXT_CONTRAST);
    }
  });

  it('falls back to light text for a colour it cannot read (a theme variable)', () => {
    expect(readableTextOn('var(--mantine-color-blue-filled)')).toBe(LIGHT_TEXT);
  });
});

describe('coloured text made readable', () => {
  it('keeps a colour that already reads', () => {
    expect(adjustToContrast('#1971c2', '#ffffff')).toBe('#1971c2');
  });

  it('darkens a colour on a light background and lightens it on a dark one, to 4.5:1', () => {
    const onLight = adjustToContrast('#2b8a3e', '#d3f9d8');
    expect(contrastRatio(onLight, '#d3f9d8')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(relativeLuminance(onLight)).toBeLessThan(relativeLuminance('#2b8a3e'));
    const onDark = adjustToContrast('#7048e8', '#242424');
    expect(contrastRatio(onDark, '#242424')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(relativeLuminance(onDark)).toBeGreaterThan(relativeLuminance('#7048e8'));
  });

  it('refuses a colour it cannot read', () => {
    expect(() => adjustToContrast('green', '#ffffff')).toThrow('Not a hex colour');
  });
});
