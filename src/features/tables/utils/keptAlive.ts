import type { TableKey } from '#src/domain/schemas/records.ts';

/** SPEC section 2: these list screens stay alive when the user navigates away. */
export const KEPT_ALIVE_TABLES: readonly TableKey[] = [
  'contacts',
  'users',
  'teams',
  'orgs',
  'regions',
  'sales_channels',
  'products',
];
