/**
 * Typed shapes of the local rows the screens read (snake_case, as the server sends them), derived
 * from the shared row schemas (`src/domain/schemas/rows.ts`): each pulled field, possibly absent on
 * a row made on this device, plus the device-only fields. The rows stay open, as the server may
 * send more.
 */
import type { DeviceRow, DeviceRowFields } from '../domain/schemas/rows.ts';

export type { DeviceRowFields } from '../domain/schemas/rows.ts';

export type LeadRow = DeviceRow<'contacts'>;
export type UserRow = DeviceRow<'users'>;
export type TeamRow = DeviceRow<'teams'>;
export type TeamMemberRow = DeviceRow<'team_members'> & { team_id: string; user_id: string };
export type RegionRow = DeviceRow<'regions'>;
export type ProductRow = DeviceRow<'products'>;
export type SalesChannelRow = DeviceRow<'sales_channels'>;
export type OrgRow = DeviceRow<'orgs'>;
export type NoteRow = DeviceRow<'notes'>;
export type AppointmentRow = DeviceRow<'appointments'>;
export type MediaRow = DeviceRow<'media'>;
export type ProposalRow = DeviceRow<'proposals'>;
export type TableViewRow = DeviceRow<'table_views'>;
export type ActivityRow = DeviceRow<'activities'>;
export type KnockRow = DeviceRow<'knocks'>;
export type DealStageInterfaceRow = DeviceRow<'interfaces'>;
export type RoleRow = DeviceRow<'roles'>;
export type AnnouncementRow = DeviceRow<'announcements'>;
export type NotificationRow = DeviceRow<'notifications'>;
export type LayoutRow = DeviceRow<'layouts'>;
export type CardRow = DeviceRow<'cards'>;
export type UserConfigRow = DeviceRow<'user_configs'>;
export type TurfRow = DeviceRow<'turfs'>;
export type AvailabilityRow = DeviceRow<'availability'>;
export type DistributionRuleRow = DeviceRow<'distribution_rules'>;

/**
 * A row of any table the generic table screens show (leads, users, teams, records…): the fields
 * every synced row has, the rest read by column name.
 */
export type TableRow = Record<string, unknown> & DeviceRowFields;

export type { EntityRow, LogRecord } from './database.ts';
