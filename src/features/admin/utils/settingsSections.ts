/** The settings sections that exist, in the order the overview lists them. */
export const SETTINGS_SECTIONS = [
  { key: 'users', path: '/admin/users' },
  { key: 'dealStages', path: '/admin/settings/deal-stages' },
] as const;
