export { DiagnosticsPage } from './DiagnosticsPage.tsx';
export { DIAGNOSTICS_PAGES, type DiagnosticsView } from './utils.ts';
