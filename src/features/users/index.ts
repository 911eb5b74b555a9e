// The users feature's public face: nothing yet; src/app/SignedInApp.tsx loads UserPage from its
// file so it stays its own chunk.
export {};
