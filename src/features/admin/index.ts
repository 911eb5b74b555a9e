// The admin feature's public face: what other features may use. Nothing yet: its screens are
// loaded by src/app/SignedInApp.tsx straight from their files so each stays its own chunk.
export {};
