// The regions feature's public face: nothing yet; the route table (src/app/routes/routeTable.ts) loads its pages from
// their files so each stays its own chunk.
export {};
