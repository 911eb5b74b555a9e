// The sync feature's public face: the shape of the update store its prompt reads, which the shell's
// service-worker registration keeps. The shell (src/app) places the status indicator, the update
// prompt and the needs-attention drawer.
export type { UpdateState, UpdateStore } from './utils/updateStore.ts';
