import * as Comlink from 'comlink';
import { useEffect, useState } from 'react';
import type { LeadImportService } from '../utils/LeadImportService.ts';

export type LeadImportRemote = Comlink.Remote<LeadImportService>;

/** The import's worker, for as long as the import screen is open. */
export function useLeadImportWorker(): LeadImportRemote | undefined {
  const [remote, setRemote] = useState<LeadImportRemote>();
  useEffect(() => {
    const worker = new Worker(new URL('../utils/leadImportWorker.ts', import.meta.url), { type: 'module' });
    setRemote(() => Comlink.wrap<LeadImportService>(worker));
    return () => worker.terminate();
  }, []);
  return remote;
}
