// The pay feature's public face: nothing yet; the route table (src/app/routes/routeTable.ts) loads PayPage from its
// file so it stays its own chunk.
export {};
