import { api } from '#src/api/appClient.ts';
import { useServerData } from './useServerData.ts';

export interface OrgChoice {
  id: number;
  name: string;
}

/**
 * The organisations a super admin may work in or place a new user in: the server's list (a device
 * holds only its own org), read online when `enabled`; undefined until then or when it cannot be read.
 */
export function useOrgChoices(enabled: boolean): OrgChoice[] | undefined {
  return useServerData(
    'orgs',
    () => api.request<{ data: OrgChoice[] }>('/api/v2/orgs/list').then((answer) => answer.data),
    { enabled },
  ).data;
}
