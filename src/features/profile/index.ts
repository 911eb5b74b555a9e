// The profile feature's public face: what other features may use. Nothing yet: its screen is
// lazy-loaded by the route table (src/app/routes/routeTable.ts) straight from its file so it stays its own chunk.
export {};
