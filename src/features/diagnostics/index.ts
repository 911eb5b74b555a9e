// The diagnostics feature's public face: the names of its views, for the route table's parameter
// check. Its screen is lazy-loaded by the app's route table straight from its file.
export type { DiagnosticsView } from './utils/diagnosticsViews.ts';
