import { useEffect, useState } from 'react';
import { api } from '../../api/appClient.ts';

export interface OrgChoice {
  id: number;
  name: string;
}

/**
 * The organisations a super admin may work in or place a new user in: the server's list (a device
 * holds only its own org), read online when `enabled`; undefined until then or when it cannot be read.
 */
export function useOrgChoices(enabled: boolean): OrgChoice[] | undefined {
  const [choices, setChoices] = useState<OrgChoice[]>();
  useEffect(() => {
    if (!enabled) return;
    let stale = false;
    api.request<{ data: OrgChoice[] }>('/api/v2/orgs/list').then(
      (answer) => !stale && setChoices(answer.data),
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [enabled]);
  return choices;
}
