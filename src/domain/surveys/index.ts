/** Surveys and their templates: the rules the device and the server share. */
export * from './answers.ts';
export * from './questions.ts';
