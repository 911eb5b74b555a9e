// What other features use of the table views. Nothing: the table screen loads each view type
// (BoardView.tsx, MapView.tsx, …) by file through import.meta.glob, so each stays its own chunk.
export {};
