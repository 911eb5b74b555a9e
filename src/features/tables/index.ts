// What other features use of the tables. The shell lazy-loads TablePage and KeptAliveTables
// straight from their files, so code splitting stays.

export { FilterBuilder } from './components/FilterBuilder.tsx';
export { useDisplay } from './hooks/useDisplay.ts';
export { useFilterChoices } from './hooks/useFilterChoices.ts';
