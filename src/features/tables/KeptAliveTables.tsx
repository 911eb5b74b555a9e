import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { TableKey } from '../../domain/schemas/records.ts';
import { TABLES } from '../../domain/tables/registry.ts';
import type { SignedInUser } from '../auth/session.ts';
import { TablePage } from './TablePage.tsx';

/** SPEC section 2: these list screens stay alive when the user navigates away. */
export const KEPT_ALIVE_TABLES: readonly TableKey[] = [
  'contacts',
  'users',
  'teams',
  'orgs',
  'regions',
  'sales_channels',
  'products',
];

/**
 * The kept-alive list screens: each mounts on its first visit and is then only hidden, so its
 * scroll, filters and selection are there when the user comes back.
 */
export function KeptAliveTables({ user }: { user: SignedInUser }) {
  const { pathname } = useLocation();
  const current = KEPT_ALIVE_TABLES.find((key) => TABLES[key].path === pathname);
  const [visited, setVisited] = useState<readonly TableKey[]>([]);
  useEffect(() => {
    if (current && !visited.includes(current)) setVisited((v) => [...v, current]);
  }, [current, visited]);
  const mounted = current && !visited.includes(current) ? [...visited, current] : visited;
  return (
    <>
      {mounted.map((key) => (
        <div key={key} style={key === current ? undefined : { display: 'none' }}>
          <TablePage table={TABLES[key]} user={user} active={key === current} />
        </div>
      ))}
    </>
  );
}
