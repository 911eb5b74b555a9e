// The offline-areas feature's public face: the dialog the map opens to save and manage areas.
export { OfflineAreasDialog } from './components/OfflineAreasDialog.tsx';
export type { AreaView } from './utils/savedArea.ts';
