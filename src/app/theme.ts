/**
 * The app's one Mantine theme. Colours are chosen so text reaches 4.5:1 (WCAG AA) in the light and
 * the dark scheme; screens use theme colours and variants, not their own.
 */
import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  localStorageColorSchemeManager,
  type MantineTheme,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';
import { MANTINE_BREAKPOINTS } from '../ui/breakpoints.ts';
import { adjustToContrast, readableTextOn } from '../ui/contrast.ts';
import i18n from './i18n.ts';

/**
 * Colours given as hex (deal-stage and status colours, set per org) keep their colour as the
 * background or border; the text on them is dark or light by computed contrast, and on their faint
 * tints (light, subtle, outline) it is the scheme's own text colour.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (parsed.isThemeColor) return colors;
  if (input.variant === 'filled') return { ...colors, color: readableTextOn(parsed.value) };
  if (['light', 'subtle', 'outline', 'transparent'].includes(input.variant))
    return { ...colors, color: 'var(--mantine-color-text)' };
  return colors;
};

export const theme = createTheme({
  primaryColor: 'blue',
  // The spec's sm..2xl (640..1536 px) on Mantine's xs..xl keys: see src/ui/breakpoints.ts.
  breakpoints: MANTINE_BREAKPOINTS,
  // Shade 6 of blue under white text is 3.6:1; shade 8 is 5:1.
  primaryShade: { light: 8, dark: 8 },
  // Filled theme colours get black or white text, whichever contrasts more.
  autoContrast: true,
  variantColorResolver,
  // Plain objects rather than `Modal.extend` and the like, so those components' code stays out of
  // the sign-in page's bundle; props as functions, so Mantine reads the labels at each render and
  // they follow the language chosen.
  components: {
    // The close button of every dialog and drawer says what it does.
    Modal: { defaultProps: () => ({ closeButtonProps: { 'aria-label': i18n.t('common.close') } }) },
    Drawer: { defaultProps: () => ({ closeButtonProps: { 'aria-label': i18n.t('common.close') } }) },
    // A menu's focus placeholder (a presentational element with a tabindex) breaks the menu role's
    // required children (axe: aria-required-children); focus goes to the first item instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A loader stands for content on its way: a status, so the label it carries is read (axe:
    // aria-prohibited-attr, a label on an element without a role).
    Loader: { defaultProps: { role: 'status' } },
    // A pill keeps its text readable when its field is disabled (faded to 60%) in either scheme.
    Pill: { styles: { root: { color: 'var(--hs-pill-color)' } } },
    // Every toast's close button is labelled 'Close' (SPEC section 9).
    Notification: {
      defaultProps: () => ({
        closeButtonProps: { 'aria-label': i18n.t('common.close'), title: i18n.t('common.close') },
      }),
      // A toast's description under its title is dimmed by default (3.3:1 on white): the page's
      // own text colour reads at 4.5:1 or more in both schemes.
      styles: { description: { color: 'var(--mantine-color-text)' } },
    },
  },
});

/** The surfaces coloured text sits on: a light scheme's palest grey, a dark scheme's paper. */
const LIGHT_SURFACE = '#f1f3f5';
const DARK_SURFACE = '#2e2e2e';

/**
 * Per theme colour, the text shades Mantine derives (coloured text, outline and light variants),
 * each kept where it reads at 4.5:1 and deepened where it does not (green, orange, yellow, cyan…).
 */
function readableColorVariables(colors: MantineTheme['colors'], scheme: 'light' | 'dark') {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    if (scheme === 'light') {
      const text = adjustToContrast(shades[8], LIGHT_SURFACE);
      variables[`--mantine-color-${name}-text`] = text;
      variables[`--mantine-color-${name}-outline`] = text;
      // On the light variant's hover tint (shade 2), the deepest of its two backgrounds.
      variables[`--mantine-color-${name}-light-color`] = adjustToContrast(shades[9], shades[2]);
    } else {
      variables[`--mantine-color-${name}-text`] = adjustToContrast(shades[4], DARK_SURFACE);
    }
  }
  return variables;
}

/** Secondary ("dimmed") text and coloured text one step stronger than Mantine's, which fall below 4.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    ...readableColorVariables(t.colors, 'light'),
    // gray-6 on white is 3.3:1; gray-7 is 8.2:1.
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-8)',
    '--hs-pill-color': 'var(--mantine-color-black)',
    // A field's error text (red-6 on white is 3.3:1), deepened on the palest surface it sits on.
    '--mantine-color-error': adjustToContrast(t.colors.red[6], LIGHT_SURFACE),
  },
  dark: {
    ...readableColorVariables(t.colors, 'dark'),
    // dark-2 on the dark body is 4.0:1; dark-1 is 7.8:1.
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // dark-0 faded to 60% is 4.3:1; white faded is 6.5:1.
    '--hs-pill-color': 'var(--mantine-color-white)',
    '--mantine-color-error': adjustToContrast(t.colors.red[6], DARK_SURFACE),
  },
});

// Colour mode preference (system, light or dark) is kept in local storage.
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'hs-color-scheme' });
