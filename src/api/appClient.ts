/** The app's client instance: credentials come from whoever is signed in on this device. */
import { type ClientCredentials, createApiClient } from './client.ts';

// The development key is set only in development (src/features/auth/utils/devKey.ts).
let credentials: ClientCredentials = {};

export function setDevKey(devKey: string | undefined): void {
  credentials = { ...credentials, devKey };
}

export function setCredentials(next: {
  token?: string | undefined;
  refId?: string | undefined;
  orgId?: number | undefined;
}): void {
  credentials = { ...credentials, token: next.token, refId: next.refId, orgId: next.orgId };
}

export const api = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE || '',
  credentials: () => credentials,
});

/** Reads the `data` of the server's `{success, data}` answer at `path`. */
export async function readData<T>(
  path: string,
  query?: Record<string, string | number | boolean>,
): Promise<T> {
  return (await api.request<{ data: T }>(path, query ? { query } : {})).data;
}
