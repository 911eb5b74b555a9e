/**
 * Build-time switches of the shell (SPEC section 2). `VITE_SHOW_MOBILE_NAVIGATION=false` hides the
 * navigation on narrow screens (the header's menu button and the side panel below 768 px); any
 * other value, or none, shows it. The side panel's own rules stay either way.
 */
export function showMobileNavigation(setting: string | undefined): boolean {
  return (setting ?? '').trim().toLowerCase() !== 'false';
}

export const SHOW_MOBILE_NAVIGATION = showMobileNavigation(import.meta.env.VITE_SHOW_MOBILE_NAVIGATION);

/**
 * SPEC section 2: the side panel starts open outside development and closed in development. On a
 * screen of 768 px or less it starts closed, where it would cover the page: the installed app opens
 * on the map, a deep link on its page, and the not-found and error pages are seen.
 */
export function panelStartsOpen(development: boolean, narrow: boolean): boolean {
  return !development && !narrow;
}
