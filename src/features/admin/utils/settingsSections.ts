import type { TableKey } from '#src/domain/schemas/records.ts';

export interface SettingsSection {
  key: string;
  path: string;
  /** Sections that list one registry table's records. */
  table?: TableKey;
}

/** The settings sections, in the order the overview lists them. */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { key: 'users', path: '/admin/users' },
  { key: 'roles', path: '/admin/settings/roles' },
  { key: 'dealStages', path: '/admin/settings/deal-stages' },
  { key: 'teams', path: '/admin/settings/teams', table: 'teams' },
  { key: 'regions', path: '/admin/settings/regions', table: 'regions' },
  { key: 'products', path: '/admin/settings/products', table: 'products' },
  { key: 'salesChannels', path: '/admin/settings/sales-channels', table: 'sales_channels' },
  { key: 'orgs', path: '/admin/settings/organizations', table: 'orgs' },
  { key: 'legal', path: '/admin/settings/legal' },
  { key: 'branding', path: '/admin/settings/branding' },
  { key: 'baseMap', path: '/admin/settings/base-map' },
  { key: 'geocoder', path: '/admin/settings/address-search' },
  { key: 'imagery', path: '/admin/settings/aerial-imagery' },
  { key: 'payPlan', path: '/admin/settings/pay-plan' },
  { key: 'walkRules', path: '/admin/settings/walk-planning' },
  { key: 'email', path: '/admin/settings/email' },
  { key: 'integrations', path: '/admin/settings/integrations' },
  { key: 'apiKeys', path: '/admin/settings/api-keys' },
  { key: 'automations', path: '/admin/settings/automations' },
  { key: 'webhooks', path: '/admin/settings/webhooks' },
];

/** The section shown at `/admin/settings/{slug}`, if there is one. */
export function settingsSectionAt(slug: string): SettingsSection | undefined {
  return SETTINGS_SECTIONS.find((s) => s.path === `/admin/settings/${slug}`);
}
