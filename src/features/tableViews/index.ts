// What other features use of the table views: the table screen's way to each view type. It loads
// each (BoardView.tsx, MapView.tsx, …) by file through import.meta.glob, so each stays its own chunk.
export { typeName, viewComponent } from './utils/viewComponents.ts';
