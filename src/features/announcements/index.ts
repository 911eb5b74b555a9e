// The announcements feature's public face: nothing other features use. Its screen is lazy-loaded by
// the app's route table, and the shell's layout draws the announcement panel from its own file.
export {};
