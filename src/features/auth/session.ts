/** Sign-in state of the device: the signed-in user, kept in local storage between visits. */
import { apiRequest, setSessionToken } from '../../api/client.ts';

export interface SignedInUser {
  _id: string;
  name: string;
  email: string;
  access: string;
  token: string;
}

const STORAGE_KEY = 'hs.session';

export function storedUser(): SignedInUser | undefined {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const user = raw ? (JSON.parse(raw) as SignedInUser) : undefined;
    setSessionToken(user?.token);
    return user;
  } catch {
    return undefined;
  }
}

export async function signIn(email: string, password: string): Promise<SignedInUser> {
  const answer = await apiRequest<SignedInUser & { token: string }>('POST', '/api/v2/auth/login', {
    email,
    password,
  });
  const user: SignedInUser = {
    _id: answer._id,
    name: answer.name,
    email: answer.email,
    access: answer.access,
    token: answer.token,
  };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
  setSessionToken(user.token);
  return user;
}

export async function signOut(): Promise<void> {
  await apiRequest('POST', '/api/v2/auth/logout').catch(() => undefined);
  localStorage.removeItem(STORAGE_KEY);
  setSessionToken(undefined);
}
