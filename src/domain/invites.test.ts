import { describe, expect, it } from 'vitest';
import { inviteExpiry, invitePath, inviteState, type StoredInvite, storedInvite } from './invites.ts';

const now = new Date('2026-03-10T12:00:00Z');
const stored: StoredInvite = { hash: 'abc', expires_at: '2026-03-17T12:00:00.000Z' };

describe('invite links', () => {
  it.each([
    ['the stored, unexpired invite', stored, 'abc', false, now, 'valid'],
    ['another token', stored, 'abd', false, now, 'missing'],
    ['no invite stored (used already)', undefined, 'abc', false, now, 'missing'],
    ['an account that has a password', stored, 'abc', true, now, 'missing'],
    ['at its expiry', stored, 'abc', false, new Date('2026-03-17T12:00:00Z'), 'expired'],
    ['after its expiry', stored, 'abc', false, new Date('2026-04-01T00:00:00Z'), 'expired'],
  ] as const)('%s', (_name, invite, hash, hasPassword, at, expected) => {
    expect(inviteState(invite, hash, hasPassword, at)).toBe(expected);
  });

  it.each([
    [{ invite: stored }, stored],
    [{ invite: { hash: 'abc' } }, undefined],
    [{ invite: { hash: '', expires_at: stored.expires_at } }, undefined],
    [{ invite: { hash: 'abc', expires_at: 'soon' } }, undefined],
    [{ invite: 'abc' }, undefined],
    [{}, undefined],
    [null, undefined],
    ['text', undefined],
  ])('reads the stored invite of %j', (data, expected) => {
    expect(storedInvite(data)).toEqual(expected);
  });

  it('expires after seven days and links to the public page', () => {
    expect(inviteExpiry(now)).toBe('2026-03-17T12:00:00.000Z');
    expect(invitePath('a-b_c')).toBe('/auth/invite/a-b_c');
  });
});
