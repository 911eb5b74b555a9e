import { useMemo } from 'react';
import type { Actor } from '../../domain/permissions.ts';
import { type SignedInUser, storedUser } from '../auth/session.ts';
import { useActor } from '../tables/useActor.ts';

/** Nobody signed in (a session that just ended): the least privileged. */
const NOBODY: SignedInUser = {
  _id: '',
  ref_id: '',
  name: '',
  email: '',
  access: 'Guest',
  token: '',
  terms_accepted: null,
};

/** The signed-in user as the permission rules see them, for views that are not handed the user. */
export function useViewActor(): Actor {
  const user = useMemo(() => storedUser() ?? NOBODY, []);
  return useActor(user);
}
