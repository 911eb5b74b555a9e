import { useLiveQuery } from 'dexie-react-hooks';
import { type AutomationRow, getAutomation, listAutomations } from '#src/db/queries/automations.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** The shapes this hook answers with, for the screens that show them. */
export type { AutomationRow } from '#src/db/queries/automations.ts';

/** The org's automations on the device, live (undefined while reading). */
export function useAutomationList(): AutomationRow[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => listAutomations(db), [db]);
}

/** One automation, live: undefined while reading, null when the device does not hold it. */
export function useAutomation(id: string | undefined): AutomationRow | null | undefined {
  const { db } = useDevice();
  return useLiveQuery(async () => (id ? ((await getAutomation(db, id)) ?? null) : null), [db, id]);
}
