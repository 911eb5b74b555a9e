/** The app's client instance: credentials come from whoever is signed in on this device. */
import { type ClientCredentials, createApiClient } from './client.ts';

let credentials: ClientCredentials = { devKey: import.meta.env.VITE_DEV_KEY || undefined };

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
