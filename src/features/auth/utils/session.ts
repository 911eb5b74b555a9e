/** Sign-in state of the device: the signed-in user, kept in local storage between visits. */

import { actingOrgOf, chooseActingOrg } from '#src/api/actingOrg.ts';
import { api, setCredentials } from '#src/api/appClient.ts';
import { type SignedInUser, SESSION_STORAGE_KEY as STORAGE_KEY, storedUserOf } from './storedUser.ts';

export type { SignedInUser } from './storedUser.ts';

export function storedUser(): SignedInUser | undefined {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const user = raw ? (JSON.parse(raw) as SignedInUser) : undefined;
    setCredentials({ token: user?.token, refId: user?.ref_id, orgId: user && actingOrgOf(user._id) });
    return user;
  } catch {
    return undefined;
  }
}

export async function signIn(email: string, password: string): Promise<SignedInUser> {
  const answer = await api.request<SignedInUser>('/api/v2/auth/login', {
    method: 'POST',
    body: { email, password },
  });
  return remember(answer);
}

/**
 * Signs in with what the server already knows: the session cookie a third-party sign-in set, or
 * (in development) the development key. Token validation answers like a password sign-in does,
 * with the token as `jwt`.
 */
export async function signInWithServerSession(): Promise<SignedInUser> {
  const answer = await api.request<Omit<SignedInUser, 'token'> & { jwt: string }>('/api/v2/auth/validate', {
    method: 'POST',
  });
  return remember({ ...answer, token: answer.jwt });
}

function remember(answer: SignedInUser): SignedInUser {
  const user = storedUserOf(answer);
  localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
  // A new sign-in starts in the user's own org.
  chooseActingOrg(user._id, undefined);
  setCredentials({ token: user.token, refId: user.ref_id });
  return user;
}

export async function signOut(): Promise<void> {
  await api.request('/api/v2/auth/logout', { method: 'POST' }).catch(() => undefined);
  const user = storedUser();
  if (user) chooseActingOrg(user._id, undefined);
  localStorage.removeItem(STORAGE_KEY);
  setCredentials({});
}

/** Records on the device that the signed-in user accepted the terms. */
export function markTermsAccepted(version: string): SignedInUser | undefined {
  const user = storedUser();
  if (!user) return undefined;
  const next = { ...user, terms_accepted: version };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  return next;
}

/** Records on the device that the signed-in user saved their profile (and so has a configuration). */
export function markProfileSaved(): SignedInUser | undefined {
  const user = storedUser();
  if (!user) return undefined;
  const next = { ...user, has_config: true };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  return next;
}
