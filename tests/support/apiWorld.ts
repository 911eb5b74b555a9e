/** The set-up every contract test file shares: a migrated database, the fixture world, signed-in users. */
import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '#server/config.ts';
import { createTestApi, type TestApi, testConfig } from './api.ts';
import { createWorld, PASSWORD, type World } from './fixtures.ts';
import { openTestDatabase, type TestDatabase, type TestDatabaseKind } from './testDatabase.ts';

export type UserKey = keyof World['users'];

export interface ApiWorld {
  tdb: TestDatabase;
  api: TestApi;
  world: World;
  tokens: Record<UserKey, string>;
}

/**
 * Call inside a `describe`: the returned object is filled in before its tests run. `config`
 * overrides the test server's settings (e.g. its limits).
 */
export function useApiWorld(
  kind: TestDatabaseKind,
  signedIn: UserKey[],
  config: Partial<ServerConfig> = {},
): ApiWorld {
  const ctx = { tokens: {} } as ApiWorld;
  beforeAll(async () => {
    ctx.tdb = await openTestDatabase(kind);
    ctx.world = await createWorld(ctx.tdb.handle.db);
    ctx.api = createTestApi(ctx.tdb.handle.db, testConfig(config));
    for (const key of signedIn) ctx.tokens[key] = await ctx.api.login(ctx.world.users[key].email, PASSWORD);
  });
  afterAll(async () => ctx.tdb?.dispose());
  return ctx;
}
