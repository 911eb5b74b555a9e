import { recordSelector } from './recordSelector.tsx';

/** A region of the org, or several regions (`multiple`). */
export const RegionSelector = recordSelector({
  table: 'regions',
  labelFields: ['name'],
  one: 'selectors.region',
  group: 'selectors.regions',
});
