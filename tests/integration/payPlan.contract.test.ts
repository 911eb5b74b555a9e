import { describe, expect, it } from 'vitest';
import { DEFAULT_PAY_PLAN } from '#src/domain/pay.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { pulledRows } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const PATH = '/api/v2/pay/plan';
const PLAN = {
  ...DEFAULT_PAY_PLAN,
  id: 'plan-1',
  name: 'Field reps 2026',
  rate: 0.35,
  split: { setter: 30, closer: 70 },
  milestones: [
    { status: 'Contract Signed', share: 25 },
    { status: 'Installation Completed', share: 75 },
  ],
  clawback_days: 45,
};

describe.each(testDatabaseKinds())("the org's pay plan on %s", (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'outsider']);

  const save = (who: UserKey, body: unknown) => t.api.call('PUT', PATH, { token: t.tokens[who], body });
  const pulled = async (who: UserKey) =>
    (await pulledRows(t.api, t.tokens[who], 'interfaces')).filter((r) => r.key === 'pay_plan');

  it('has no plan until an admin saves one (devices then use the standard plan)', async () => {
    expect(await pulled('rep')).toEqual([]);
  });

  it('refuses plans that would not add up, and hostile text, with a clear message', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...PLAN, split: { setter: 50, closer: 60 } }, /setter and closer must add up to 100/],
      [
        { ...PLAN, milestones: [{ status: 'Contract Signed', share: 40 }] },
        /milestone shares must add up to 100/,
      ],
      [
        {
          ...PLAN,
          milestones: [
            { status: 'Contract Signed', share: 50 },
            { status: 'Contract Signed', share: 50 },
          ],
        },
        /different status/,
      ],
      [{ ...PLAN, milestones: [] }, /at least one milestone/],
      [{ ...PLAN, rate: -1 }, /at least 0/],
      [{ ...PLAN, rate: 150 }, /rate per watt must be at most 100/],
      [{ ...PLAN, basis: 'per_deal', rate: 10.005 }, /at most 2 decimals/],
      [{ ...PLAN, basis: 'hourly' }, /must be one of per_watt, per_deal/],
      [{ ...PLAN, name: 'a\u0000b' }, /./],
      [{ ...PLAN, name: 'line\nbreak' }, /control characters/],
      [{ ...PLAN, name: 'x'.repeat(101) }, /at most 100 characters/],
      [{ ...PLAN, name: '   ' }, /must not be empty/],
      [{ ...PLAN, clawback_days: 1.5 }, /whole number/],
      [{ ...PLAN, extra: '<script>' }, /./],
      [{ ...PLAN, rate: '0.35' }, /must be a number/],
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
      body: { key: 'pay_plan', data: { ...PLAN, split: { setter: 90, closer: 90 } } },
    });
    expect(generic.status).toBe(400);
    expect(await pulled('rep')).toEqual([]);
  });

  it('refuses reps and managers', async () => {
    expect((await save('rep', PLAN)).status).toBe(403);
    const manager = await save('manager', PLAN);
    expect(manager.status).toBe(403);
    expect(manager.body.message).toBe('Only admins can change the pay plan.');
    expect(await pulled('rep')).toEqual([]);
  });

  it('saves the plan for the org, every member pulls it, and no other org does', async () => {
    const saved = await save('admin', PLAN);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(PLAN);
    expect((await pulled('rep'))[0]?.data).toEqual(PLAN);
    expect((await pulled('manager'))[0]?.data).toEqual(PLAN);

    const perDeal = { ...PLAN, basis: 'per_deal', rate: 1250.5 };
    expect((await save('admin', perDeal)).body.data).toEqual(perDeal);
    expect((await pulled('rep'))[0]?.data).toEqual(perDeal);

    // Another org's admin saves for their own org only.
    expect(await pulled('outsider')).toEqual([]);
    expect((await save('outsider', { ...PLAN, name: 'Other org' })).status).toBe(200);
    expect((await pulled('outsider'))[0]?.data).toMatchObject({ name: 'Other org' });
    expect((await pulled('rep'))[0]?.data).toEqual(perDeal);
  });
});
