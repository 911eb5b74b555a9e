// The contests feature's public face: nothing other features use. Its screen is lazy-loaded by the
// app's route table straight from its file.
export {};
