/**
 * The page title every page carries, the sign-in and legal pages drawn in advance included: the
 * product's name and its release channel ('stable', else beta), set at build time.
 */
export function appTitle(channel: string): string {
  return `Home Service CRM${channel === 'stable' ? ' - Stable' : ' - Beta'}`;
}

/** The page with its title: what the build does to index.html, which the pages drawn in advance copy. */
export function withAppTitle(html: string, channel: string): string {
  return html.replace(/<title>[^<]*<\/title>/, `<title>${appTitle(channel)}</title>`);
}
