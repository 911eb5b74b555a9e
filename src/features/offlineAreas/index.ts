// The offline-areas feature's public face: the dialog the map opens to save and manage areas.
export { type AreaView, OfflineAreasDialog } from './OfflineAreasDialog.tsx';
