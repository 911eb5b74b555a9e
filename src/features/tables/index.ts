// What other features use of the tables. The shell lazy-loads TablePage and KeptAliveTables
// straight from their files, so code splitting stays.

export { FilterBuilder } from './FilterBuilder.tsx';
export { type DisplayValue, useDisplay } from './useDisplay.ts';
export { useFilterChoices } from './useFilterChoices.ts';
