import { describe, expect, it } from 'vitest';
import { type SignedInUser, storedUserOf } from './storedUser.ts';

describe('what the device keeps of a sign-in', () => {
  const kept: SignedInUser = {
    _id: 'u1',
    ref_id: 'r1',
    name: 'Rae Rep',
    email: 'rep@demo.local',
    access: 'User',
    token: 'jwt',
    terms_accepted: '2024-01',
    has_config: true,
  };

  it('keeps the user’s fields and leaves out the rest of the answer', () => {
    const answer = { ...kept, success: true, permissions: { everything: true } } as SignedInUser;
    expect(storedUserOf(answer)).toEqual(kept);
  });

  it('keeps an unknown profile state as unknown', () => {
    const { has_config: _, ...older } = kept;
    expect(storedUserOf(older).has_config).toBeUndefined();
  });
});
