import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testActor } from '#tests/support/actors.ts';
import type { Actor } from './permissions.ts';
import { ACCESS_LEVELS, effectiveAccessLevel } from './roles.ts';
import { GRANT_MESSAGES, type UserGrantChange, type UserGrantFacts, userGrantDenial } from './userGrants.ts';

const ORG = 6;
const roleIds = fc.uniqueArray(fc.constantFrom(0, 1, 2, 3, 4, 10, 11), { maxLength: 4 });
const level = fc.constantFrom(...ACCESS_LEVELS);
const orgList = fc.uniqueArray(fc.constantFrom(6, 7, 8), { maxLength: 3 });

const actorArb = fc
  .record({ roles: roleIds, level })
  .map(({ roles, level }): Actor & { roles: number[] } => ({
    ...testActor(effectiveAccessLevel(level, roles), {
      user_id: 'actor',
      org_id: ORG,
      super_admin: roles.includes(10),
    }),
    roles,
  }));
const targetArb = (actor: Actor & { roles: number[] }) =>
  fc.oneof(
    fc.constant(undefined),
    fc.record({ id: fc.constant('other'), access_level: level, roles: roleIds, orgs: orgList }),
    fc.record({
      id: fc.constant(actor.user_id),
      access_level: fc.constant(actor.level),
      roles: fc.constant(actor.roles),
      orgs: orgList,
    }),
  );
const changeArb: fc.Arbitrary<UserGrantChange> = fc.record(
  { access_level: level, roles: roleIds, orgs: orgList, permissions: fc.constant({ all: true }) },
  { requiredKeys: [] },
);

const rank = (l: string) => ACCESS_LEVELS.indexOf(l as (typeof ACCESS_LEVELS)[number]);

describe('user grants', () => {
  it('whatever an org admin sends, no account it touches ends with role 10 or other orgs', () => {
    fc.assert(
      fc.property(
        actorArb.chain((actor) => fc.tuple(fc.constant(actor), targetArb(actor), changeArb)),
        ([actor, target, change]) => {
          if (actor.super_admin) return;
          if (userGrantDenial(actor, target, change)) return;
          const roles = change.roles ?? target?.roles ?? [];
          expect(roles.includes(10)).toBe(false);
          if (change.orgs && target) expect([...change.orgs].sort()).toEqual([...target.orgs].sort());
          if (change.orgs && !target) expect(change.orgs.every((o) => o === ORG)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('nobody raises their own level or adds to their own roles', () => {
    fc.assert(
      fc.property(
        actorArb.chain((actor) =>
          fc.tuple(
            fc.constant(actor),
            fc.record({
              id: fc.constant(actor.user_id),
              access_level: level,
              roles: roleIds,
              orgs: orgList,
            }) as fc.Arbitrary<UserGrantFacts>,
            changeArb,
          ),
        ),
        ([actor, self, change]) => {
          if (userGrantDenial(actor, self, change)) return;
          const before = effectiveAccessLevel(self.access_level, self.roles);
          const after = effectiveAccessLevel(
            change.access_level ?? self.access_level,
            change.roles ?? self.roles,
          );
          expect(rank(after)).toBeLessThanOrEqual(rank(before));
          for (const r of change.roles ?? []) expect(self.roles).toContain(r);
          expect(change.permissions).toBeUndefined();
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('names the rule that refused', () => {
    const admin = testActor('Admin', { user_id: 'a', org_id: ORG });
    const other = { id: 'b', access_level: 'User', roles: [], orgs: [] };
    expect(userGrantDenial(admin, other, { roles: [10] })).toBe(GRANT_MESSAGES.superAdminRole);
    expect(userGrantDenial(admin, { ...other, roles: [10] }, { name: 'x' } as never)).toBe(
      GRANT_MESSAGES.superAdminAccount,
    );
    expect(userGrantDenial(admin, other, { orgs: [7] })).toBe(GRANT_MESSAGES.orgs);
    expect(
      userGrantDenial(admin, { ...other, id: 'a', access_level: 'Admin', roles: [1] }, { roles: [1, 3] }),
    ).toBe(GRANT_MESSAGES.selfRaise);
    expect(userGrantDenial(admin, other, { access_level: 'Admin', roles: [1] })).toBeUndefined();
    expect(
      userGrantDenial({ ...admin, super_admin: true }, other, { roles: [10], orgs: [7] }),
    ).toBeUndefined();
  });
});
