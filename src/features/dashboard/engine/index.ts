/** The dashboard's card engine: what the dashboard screen uses to show its cards. */
export { type CardState, useCardResults } from './useCardResults.ts';
