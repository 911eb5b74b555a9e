/** Proposals and the lead guide: statuses, the system-size formula, the guide's checks. */
export * from './guide.ts';
export * from './sizing.ts';
export * from './statuses.ts';
