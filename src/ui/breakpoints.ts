/**
 * The spec's breakpoints (SPEC section 9: sm 640, md 768, lg 1024, xl 1280, 2xl 1536 px) and how
 * they sit on Mantine's five keys, which are named one step lower (xs..xl). Mantine wants em
 * (16 px each): `visibleFrom="sm"` or `breakpoint: 'sm'` in the app means the spec's md, 768 px.
 *
 * | spec | px   | Mantine key | em   |
 * |------|------|-------------|------|
 * | sm   | 640  | xs          | 40em |
 * | md   | 768  | sm          | 48em |
 * | lg   | 1024 | md          | 64em |
 * | xl   | 1280 | lg          | 80em |
 * | 2xl  | 1536 | xl          | 96em |
 */
import { useMediaQuery } from '@mantine/hooks';

export const SPEC_BREAKPOINTS_PX = { sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;

/** Mantine key → the spec's breakpoint it carries. */
export const MANTINE_KEY_FOR = { xs: 'sm', sm: 'md', md: 'lg', lg: 'xl', xl: '2xl' } as const;

const em = (px: number) => `${px / 16}em`;

/** The theme's `breakpoints`, in em. */
export const MANTINE_BREAKPOINTS = Object.fromEntries(
  Object.entries(MANTINE_KEY_FOR).map(([key, spec]) => [key, em(SPEC_BREAKPOINTS_PX[spec])]),
) as Record<keyof typeof MANTINE_KEY_FOR, string>;

/**
 * 768 px or less: the side panel closes on a route change there, and long texts truncate with an
 * ellipsis instead of wrapping (SPEC section 9).
 */
export const NARROW_MAX_PX = SPEC_BREAKPOINTS_PX.md;
export const NARROW_QUERY = `(max-width: ${em(NARROW_MAX_PX)})`;
/** Below the spec's sm (640 px): toasts take the full width. */
export const SMALL_QUERY = `(max-width: ${em(SPEC_BREAKPOINTS_PX.sm - 0.02)})`;

/** True on screens of 768 px or less. */
export function useNarrow(): boolean {
  return useMediaQuery(NARROW_QUERY) ?? false;
}
