import { describe, expect, it } from 'vitest';
import { DEFAULT_WALK_RULES } from '#src/domain/doorEligibility.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { pulledRows } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const PATH = '/api/v2/map/walk-rules';
const RULES = {
  closed_statuses: ['Not Interested', 'No Soliciting', 'Dog in yard'],
  customers_closed: false,
  cooldown_days: 7,
};

describe.each(testDatabaseKinds())("the org's walk rules on %s", (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'outsider']);

  const save = (who: UserKey, body: unknown) => t.api.call('PUT', PATH, { token: t.tokens[who], body });
  const pulled = async (who: UserKey) =>
    (await pulledRows(t.api, t.tokens[who], 'interfaces')).filter((r) => r.key === 'walk_rules');

  it('has no rules until an admin saves some (devices then use the standard ones)', async () => {
    expect(await pulled('rep')).toEqual([]);
  });

  it('refuses rules that make no sense, and hostile text, with a clear message', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...RULES, cooldown_days: -1 }, /at least 0/],
      [{ ...RULES, cooldown_days: 366 }, /at most 365/],
      [{ ...RULES, cooldown_days: 2.5 }, /whole number/],
      [{ ...RULES, cooldown_days: '3' }, /must be a number/],
      [{ ...RULES, customers_closed: 'yes' }, /true or false/],
      [{ ...RULES, closed_statuses: ['Renter', 'Renter'] }, /twice/],
      [{ ...RULES, closed_statuses: ['   '] }, /must not be empty/],
      [{ ...RULES, closed_statuses: ['line\nbreak'] }, /control characters/],
      [{ ...RULES, closed_statuses: ['a\u0000b'] }, /./],
      [{ ...RULES, closed_statuses: ['x'.repeat(101)] }, /at most 100 characters/],
      [{ ...RULES, closed_statuses: Array.from({ length: 201 }, (_, i) => `S${i}`) }, /at most 200/],
      [{ ...RULES, closed_statuses: 'Renter' }, /./],
      [{ ...RULES, extra: '<script>' }, /./],
      [{ closed_statuses: [] }, /./],
      [[], /./],
      [null, /./],
    ];
    for (const [body, message] of cases) {
      const res = await save('admin', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(String(res.body.message), JSON.stringify(body)).toMatch(message);
    }
    // The same rules hold through the generic interface edit.
    const generic = await t.api.call('POST', '/api/v2/interfaces/edit', {
      token: t.tokens.admin,
      body: { key: 'walk_rules', data: { ...RULES, cooldown_days: -3 } },
    });
    expect(generic.status).toBe(400);
    expect(await pulled('rep')).toEqual([]);
  });

  it('refuses reps and managers, also through the generic interface edit', async () => {
    expect((await save('rep', RULES)).status).toBe(403);
    const manager = await save('manager', RULES);
    expect(manager.status).toBe(403);
    expect(manager.body.message).toBe('Only admins can change the walk rules.');
    const generic = await t.api.call('POST', '/api/v2/interfaces/edit', {
      token: t.tokens.rep,
      body: { key: 'walk_rules', data: RULES },
    });
    expect(generic.status).toBe(403);
    expect(await pulled('rep')).toEqual([]);
  });

  it('saves the rules for the org, every member pulls them, and no other org does', async () => {
    const saved = await save('admin', RULES);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(RULES);
    expect((await pulled('rep'))[0]?.data).toEqual(RULES);
    expect((await pulled('manager'))[0]?.data).toEqual(RULES);

    // Statuses are kept trimmed.
    const trimmed = await save('admin', { ...DEFAULT_WALK_RULES, closed_statuses: ['  Renter '] });
    expect(trimmed.body.data).toEqual({ ...DEFAULT_WALK_RULES, closed_statuses: ['Renter'] });
    expect((await pulled('rep'))[0]?.data).toEqual(trimmed.body.data);

    // Another org's admin saves for their own org only, and cannot reach this org's.
    expect(await pulled('outsider')).toEqual([]);
    expect((await save('outsider', { ...RULES, cooldown_days: 30 })).status).toBe(200);
    expect((await pulled('outsider'))[0]?.data).toMatchObject({ cooldown_days: 30 });
    expect((await pulled('rep'))[0]?.data).toEqual(trimmed.body.data);
    const across = await t.api.call('PUT', PATH, {
      token: t.tokens.outsider,
      body: RULES,
      headers: { 'x-org-id': String(t.world.org) },
    });
    expect(across.status).toBe(403);
    expect((await pulled('rep'))[0]?.data).toEqual(trimmed.body.data);
  });
});
