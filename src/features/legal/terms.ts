/** The terms document and accepting it: the auth feature's calls to the server. */
import { api } from '../../api/appClient.ts';

export interface TermsDocument {
  version: string;
  title: string;
  content: string;
  updated_at: string;
}

export function fetchTerms(): Promise<TermsDocument> {
  return api.request<TermsDocument>('/api/v2/legal/terms');
}

export async function acceptTerms(version: string): Promise<void> {
  await api.request('/api/v2/auth/accept', { method: 'POST', body: { tosVersion: version } });
}
