// The regions feature's public face: nothing yet; src/app/SignedInApp.tsx loads its pages from
// their files so each stays its own chunk.
export {};
