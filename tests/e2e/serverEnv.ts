/**
 * The environment of every server the browser tests start (the per-worker servers of globalSetup
 * and the suites' own, with their extra settings): a test server with the demo org seeded small.
 * The browser tests need the demo's people and a few hundred leads, not 5,000, and every sign-in
 * syncs them (`E2E_SEED_CONTACTS`, 400 unless set). The server places no lead through a
 * geocoder (`PLACE_LEADS=off`).
 */
export function e2eServerEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: process.env.E2E_STATIC_DIR ?? './dist',
    SEED_CONTACTS: process.env.E2E_SEED_CONTACTS ?? '400',
    // Leads without a position are never placed through a geocoder on the internet.
    PLACE_LEADS: 'off',
    ...extra,
  };
}
