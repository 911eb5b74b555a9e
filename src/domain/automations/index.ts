/** Automations: schemas of trigger, conditions and actions, and the rules runs follow. */
export * from './rules.ts';
export * from './runAs.ts';
export * from './schemas.ts';
