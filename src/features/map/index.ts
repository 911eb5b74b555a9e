// What other features use of the map. The shell lazy-loads MapPage straight from its file (and
// boots the pin worker from pins/usePinService.ts) so the map's code stays out of the first load.
export { MAP_SETTINGS } from './mapSettings.ts';
export { offlineStyle } from './offlineStyle.ts';
export { PinLayers } from './PinLayers.tsx';
export { StateLabels } from './StateLabels.tsx';
export { NO_PINS, PHOENIX, type PinMap, usePinMap } from './usePinMap.ts';
