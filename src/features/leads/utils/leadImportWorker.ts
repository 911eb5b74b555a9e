/** The lead import's worker: parsing, checking and writing happen here, never on the main thread. */
import * as Comlink from 'comlink';
import { LeadImportService } from './LeadImportService.ts';

Comlink.expose(new LeadImportService());
