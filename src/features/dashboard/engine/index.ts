/** The dashboard's card engine: what the dashboard screen uses to show its cards. */
export type { CardAnswer, CardRequest } from './CardComputer.ts';
export { type CardState, type DashboardCardInput, useCardResults } from './useCardResults.ts';
