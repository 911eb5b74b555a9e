/** The data tables of the table registry (SPEC section 2), by the key their rows sync under. */
export const TABLE_KEYS = [
  'contacts',
  'teams',
  'users',
  'regions',
  'notes',
  'products',
  'sales_channels',
  'orgs',
  'media',
  'surveys',
  'survey_templates',
] as const;
export type TableKey = (typeof TABLE_KEYS)[number];
