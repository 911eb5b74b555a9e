/**
 * Older data (SPEC section 4): pin status values and numbered stage labels of the previous
 * system. They are converted to today's statuses whenever a lead is imported or received, so the
 * rest of the product only ever sees the current configuration's values.
 */

/** Older pin status value → today's status label ('' is no status). */
export const LEGACY_STATUS_VALUES: Readonly<Record<string, string>> = {
  new_lead: 'Prospect',
  first_knock: 'Not Home 1',
  second_knock: 'Not Home 2',
  third_knock: 'Not Home 3',
  not_interested: 'Not Interested',
  no_soliciting: 'No Soliciting',
  come_back: 'Come Back',
  disqualified: 'Disqualified',
  renter: 'Renter',
  moving: 'Moving',
  for_sale: 'For Sale',
  already_has_solar: 'Already Has Solar',
  older_customer: 'Older Customer',
  failed_credit: 'Failed Credit',
  contact: 'Prospect',
  prospect: 'Prospect',
  needs_rescheduled: 'Needs Rescheduled',
  active_follow_ups: 'Follow Up',
  ghost: 'Ghosted Appointment',
  closed_lost: 'Closed Lost',
  // Won, waiting for the contract to be confirmed received (CRC).
  pending_crc: 'Closed Won',
  contract_signed: 'Contract Signed',
  contract_received: 'Contract Signed',
  contract_received_confirmed: 'CRC',
  permit_sent: 'Permit Sent',
  permit_ready: 'Permit Ready',
  permit_received: 'Permit Received',
  install_ready: 'Install Ready',
  install_scheduled: 'Installation Scheduled',
  customer: 'Installation Completed',
  inspection_scheduled: 'Inspection Scheduled',
  permission_to_operate: 'Permission To Operate',
  service_scheduled: 'Removal & Re-install',
  removal_reinstall: 'Removal & Re-install',
  cancelled: 'Cancellation',
};

/** Older numbered stage labels → older pin status value ('' for none), as the spec lists them. */
export const LEGACY_STAGE_LABELS: Readonly<Record<number, readonly [label: string, status: string]>> = {
  1: ['New Lead', 'contact'],
  2: ['Closed Lost', 'closed_lost'],
  3: ['Ghost', 'ghost'],
  4: ['30 Day Out Calls', 'ghost'],
  5: ['Closed Won', 'pending_crc'],
  6: ['Contract Signed', 'contract_received_confirmed'],
  7: ['Contract Received', 'contract_received_confirmed'],
  13: ['Engineering Design Complete', ''],
  14: ['Permit Sent', 'permit_sent'],
  15: ['Permit Ready', 'permit_sent'],
  16: ['Permit Received', 'permit_received'],
  17: ['Install Ready', 'install_ready'],
  18: ['Installation', 'customer'],
  19: ['Install Completed', 'customer'],
  20: ['Inspections Scheduled', 'inspection_scheduled'],
  21: ['Inspection Complete', 'customer'],
  22: ['PTO', 'permission_to_operate'],
  23: ['Follow Up', 'active_follow_ups'],
  24: ['Cancelled', 'cancelled'],
  25: ['DQ', 'disqualified'],
  26: ['Failed Credit', 'failed_credit'],
  27: ['Needs Rescheduled', 'needs_rescheduled'],
};

const STAGE_BY_LABEL = new Map(
  Object.entries(LEGACY_STAGE_LABELS).flatMap(([id, [label, status]]) => [
    [label.toLowerCase(), status],
    [`${id} ${label}`.toLowerCase(), status],
    [id, status],
  ]),
);

/** Today's status for an older pin status value; any other value is returned as it is. */
export function fromLegacyStatus(value: string): string {
  return LEGACY_STATUS_VALUES[value.trim()] ?? value;
}

/**
 * Today's status for an older stage label ('Closed Won', '5 Closed Won' or '5'), or undefined when
 * the label is not one of the older ones.
 */
export function statusOfLegacyStage(label: string | number): string | undefined {
  const status = STAGE_BY_LABEL.get(String(label).trim().toLowerCase());
  return status === undefined ? undefined : fromLegacyStatus(status);
}

/**
 * Converts the status fields of an imported or received lead: a legacy deal_stage_status, or when
 * it is missing, a legacy pin `status` or a legacy `stage` label, become today's deal_stage_status.
 */
export function upgradeLegacyStatusFields<
  T extends { deal_stage_status?: string | null; status?: string | null; stage?: string | null },
>(fields: T): T & { deal_stage_status?: string | null } {
  const out: T & { deal_stage_status?: string | null } = { ...fields };
  if (typeof out.deal_stage_status === 'string') {
    out.deal_stage_status = fromLegacyStatus(out.deal_stage_status);
    return out;
  }
  if (typeof out.status === 'string' && out.status.trim() in LEGACY_STATUS_VALUES) {
    out.deal_stage_status = fromLegacyStatus(out.status);
    return out;
  }
  if (typeof out.stage === 'string') {
    const status = statusOfLegacyStage(out.stage);
    if (status !== undefined) out.deal_stage_status = status;
  }
  return out;
}
