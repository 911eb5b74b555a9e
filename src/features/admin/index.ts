// The admin feature's public face: what other features may use. Nothing yet: its screens are
// loaded by the route table (src/app/routes/routeTable.ts) straight from their files so each stays its own chunk.
export {};
