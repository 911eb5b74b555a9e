// The record pages' public face: nothing yet; src/app/SignedInApp.tsx loads RecordPage from its
// file so it stays its own chunk.
export {};
