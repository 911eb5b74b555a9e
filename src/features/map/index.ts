// What other features use of the map. The shell lazy-loads MapPage straight from its file (and
// boots the pin worker from pins/usePinService.ts) so the map's code stays out of the first load.

export { PinLayers } from './components/PinLayers.tsx';
export { StateLabels } from './components/StateLabels.tsx';
export { PHOENIX, usePinMap } from './hooks/usePinMap.ts';
export { MAP_SETTINGS } from './utils/mapSettings.ts';
export { offlineStyle } from './utils/offlineStyle.ts';
