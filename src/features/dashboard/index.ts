// What other features use of the dashboard. The shell lazy-loads DashboardPage straight from its
// file, so the dashboard's code (charts, grid, map) stays its own chunk.
export { DEFAULT_LAYOUT_NAME } from './hooks/useDashboardPage.ts';
