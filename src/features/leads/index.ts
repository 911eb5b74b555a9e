// The leads feature's public face: what other features may use. Nothing yet: its screens
// (lead form, detail, profile, import) are lazy-loaded by src/app/App.tsx straight from their files
// so each stays its own chunk.
export {};
