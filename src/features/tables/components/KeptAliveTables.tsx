import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { TableKey } from '#src/domain/schemas/records.ts';
import { TABLES } from '#src/domain/tables/registry.ts';
import { TablePage } from '../TablePage.tsx';
import { KEPT_ALIVE_TABLES } from '../utils/keptAlive.ts';

/**
 * The kept-alive list screens: each mounts on its first visit and stays mounted (rendering nothing
 * while away), so its view, filters, selection and scroll are there when the user comes back.
 */
export function KeptAliveTables() {
  const { pathname } = useLocation();
  const current = KEPT_ALIVE_TABLES.find((key) => TABLES[key].path === pathname);
  const [visited, setVisited] = useState<readonly TableKey[]>([]);
  useEffect(() => {
    if (current && !visited.includes(current)) setVisited((v) => (v.includes(current) ? v : [...v, current]));
  }, [current, visited]);
  const mounted = current && !visited.includes(current) ? [...visited, current] : visited;
  return (
    <>
      {mounted.map((key) => (
        <TablePage key={key} table={TABLES[key]} active={key === current} />
      ))}
    </>
  );
}
