import { recordSelector } from './recordSelector.tsx';

/** A team of the org, or a team group (`multiple`). */
export const TeamSelector = recordSelector({
  table: 'teams',
  labelFields: ['name'],
  one: 'selectors.team',
  group: 'selectors.teamGroup',
});
