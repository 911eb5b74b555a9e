/**
 * Sign-in does the same password work whether the account exists or not, so its timing does not
 * tell an attacker which emails have accounts: a password is verified against a dummy hash (made
 * once, the same way as real ones) for an unknown email and for an account without a password.
 * Asserted by watching argon2's verify (the real one runs), not by timing.
 */
import { randomUUID } from 'node:crypto';
import * as argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { users } from '#server/db/schema.ts';
import { INVALID_CREDENTIALS } from '#server/services/auth.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, hash: vi.fn(real.hash), verify: vi.fn(real.verify) };
});

const verify = vi.mocked(argon2.verify);

/** `$argon2id$v=19$m=…,t=…,p=…`: the algorithm and cost of a hash, without its salt and digest. */
const parameters = (hash: string) => hash.split('$').slice(0, 4).join('$');

describe.each(testDatabaseKinds())('sign-in timing on %s', (kind) => {
  const t = useApiWorld(kind, []);

  const login = (email: string, password = 'not the password') =>
    t.api.call('POST', '/api/v2/auth/login', { body: { email, password } });

  /** The hashes verify was called with during one sign-in, and its answer. */
  const verifiedDuring = async (email: string, password?: string) => {
    verify.mockClear();
    const res = await login(email, password);
    return {
      status: res.status,
      message: res.body.message,
      hashes: verify.mock.calls.map((c) => String(c[0])),
    };
  };

  it('verifies a password for an unknown email, with the cost of a real hash', async () => {
    const known = await verifiedDuring(t.world.users.rep.email);
    expect(known).toMatchObject({ status: 401, message: INVALID_CREDENTIALS });
    expect(known.hashes).toHaveLength(1);

    const unknown = await verifiedDuring(`nobody.${randomUUID()}@test.local`);
    expect(unknown).toMatchObject({ status: 401, message: INVALID_CREDENTIALS });
    expect(unknown.hashes).toHaveLength(1);
    expect(parameters(unknown.hashes[0] ?? '')).toBe(parameters(known.hashes[0] ?? ''));
    expect(parameters(unknown.hashes[0] ?? '')).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);

    // Made once: every unknown email is checked against the same dummy hash.
    const again = await verifiedDuring(`nobody.${randomUUID()}@test.local`);
    expect(again.hashes).toEqual(unknown.hashes);
    // Even the right password of some account does not open the dummy.
    expect((await verifiedDuring(`nobody.${randomUUID()}@test.local`, PASSWORD)).status).toBe(401);
  });

  it('verifies a password for an account without one, and still refuses it', async () => {
    const email = `nopassword.${randomUUID()}@test.local`;
    await t.tdb.handle.db
      .insert(users)
      .values({ org_id: t.world.org, name: 'No Password', email, password_hash: null, access_level: 'User' });
    const res = await verifiedDuring(email);
    expect(res).toMatchObject({ status: 401, message: INVALID_CREDENTIALS });
    expect(res.hashes).toHaveLength(1);
    expect(res.hashes[0]).toMatch(/^\$argon2id\$/);
  });

  it('a real sign-in still works', async () => {
    const res = await verifiedDuring(t.world.users.rep.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.hashes).toHaveLength(1);
  });
});
