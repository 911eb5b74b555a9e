// The teams feature's public face: nothing yet; src/app/SignedInApp.tsx loads TeamManagerPage from
// its file so it stays its own chunk.
export {};
