// The proposals feature's public face: nothing other features use. Its screens (the proposals list
// and the guide) are lazy-loaded by the app's route table straight from their files.
export {};
