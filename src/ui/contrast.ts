/**
 * Text that stays readable on a coloured background (WCAG 2 contrast). Status colours are set per
 * org, so the text on them is chosen from the colour, never fixed per status.
 */

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

export const DARK_TEXT = '#000000';
export const LIGHT_TEXT = '#ffffff';

type Rgb = readonly [number, number, number];

/** `#rgb` or `#rrggbb` to 0–255 channels; anything else is undefined. */
export function parseHexColor(color: string): Rgb | undefined {
  const hex = color.trim().replace(/^#/, '');
  const full = /^[0-9a-f]{3}$/i.test(hex) ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return undefined;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(color: string): number {
  const rgb = parseHexColor(color);
  if (!rgb) throw new Error(`Not a hex colour: ${color}`);
  return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Dark or light text for a background, whichever contrasts more. One of the two always reaches
 * 4.5:1 (at worst about 4.58:1), so any background colour gets readable text. A colour that is not
 * hex (a CSS variable) gets light text, as the theme's filled colours do.
 */
export function readableTextOn(background: string): typeof DARK_TEXT | typeof LIGHT_TEXT {
  if (!parseHexColor(background)) return LIGHT_TEXT;
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT)
    ? DARK_TEXT
    : LIGHT_TEXT;
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The colour itself when it already reads on the background at `min`; otherwise the colour mixed
 * step by step towards black (on a light background) or white (on a dark one) until it does.
 * Keeps a colour's hue for coloured text (links, badges) while making it readable.
 */
export function adjustToContrast(color: string, background: string, min = MIN_TEXT_CONTRAST): string {
  const rgb = parseHexColor(color);
  if (!rgb) throw new Error(`Not a hex colour: ${color}`);
  const towards = readableTextOn(background) === DARK_TEXT ? 0 : 255;
  for (let step = 0; step <= 20; step++) {
    const mixed = toHex(rgb.map((c) => c + (towards - c) * (step / 20)));
    if (contrastRatio(mixed, background) >= min) return mixed;
  }
  return toHex([towards, towards, towards]);
}
