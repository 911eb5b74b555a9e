// The sync feature's public face: what other features may use. Nothing yet: the shell
// (src/app) places the status indicator, the update prompt and the needs-attention drawer.
export {};
