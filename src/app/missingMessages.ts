/**
 * Messages the interface asked the catalogue for and did not find: the person would read a raw key
 * instead of words. Each is said on the console (browser tests listen for it) and kept for the unit
 * tests, which fail on any (`src/app/locales/failOnMissingMessages.ts`).
 */
export const MISSING_MESSAGE_PREFIX = 'Missing message:';

const missing: string[] = [];

export function reportMissingMessage(key: string, language: string): void {
  missing.push(key);
  console.error(`${MISSING_MESSAGE_PREFIX} ${key} (${language})`);
}

/** The keys reported since the last call, forgetting them. */
export function takeMissingMessages(): string[] {
  return missing.splice(0);
}
