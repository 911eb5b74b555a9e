// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { actingOrgOf, chooseActingOrg, homeOrgOf } from './actingOrg.ts';

afterEach(() => localStorage.clear());

describe('the org a super admin acts in', () => {
  it('is their own until they choose another, per user', () => {
    expect(actingOrgOf('u1')).toBeUndefined();
    chooseActingOrg('u1', 7, 6);
    expect(actingOrgOf('u1')).toBe(7);
    expect(homeOrgOf('u1')).toBe(6);
    expect(actingOrgOf('u2')).toBeUndefined();
  });

  it('goes back home when the own org or nothing is chosen', () => {
    chooseActingOrg('u1', 7, 6);
    chooseActingOrg('u1', 6, 6);
    expect(actingOrgOf('u1')).toBeUndefined();
    chooseActingOrg('u1', 7, 6);
    chooseActingOrg('u1', undefined);
    expect(actingOrgOf('u1')).toBeUndefined();
  });

  it('ignores a damaged or hand-edited value', () => {
    for (const raw of ['7', '{"org":"7","home":6}', '{"org":-1,"home":6}', 'not json']) {
      localStorage.setItem('hs.actingOrg.u1', raw);
      expect(actingOrgOf('u1')).toBeUndefined();
    }
  });
});
