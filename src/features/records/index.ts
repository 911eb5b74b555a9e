// The record pages' public face: nothing yet; the route table (src/app/routes/routeTable.ts) loads RecordPage from its
// file so it stays its own chunk.
export {};
