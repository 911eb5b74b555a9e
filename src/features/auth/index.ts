// The auth feature's public face: what other features may use. The login page is routed by
// src/app directly.
export { type SignedInUser, storedUser } from './utils/session.ts';
