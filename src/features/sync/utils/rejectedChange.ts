/**
 * A refused change as a person reads it: which record it was for (a lead by its name and street,
 * never an id) and, field by field with readable labels, what this device sent beside what the
 * server has now.
 */
import type { TFunction } from 'i18next';
import type { EntityRow } from '#src/db/rows.ts';
import { formatPhone } from '#src/domain/phone.ts';

/** What the change carries for the protocol, not for a person: ids, seen versions, derived data. */
const INTERNAL = new Set(['_id', 'id', 'base_versions', 'address_obj', 'region_id', 'field_versions']);

export interface ChangedField {
  key: string;
  label: string;
  mine: string;
  /** The server's value now; '—' when it has none (or no record: a refused add). */
  server: string;
}

export interface RejectedView {
  /** The record: 'Linda Miller, 8747 N Northern Blvd'. */
  title: string;
  /** What kind of change it was: 'Edit lead'. */
  kind: string;
  fields: ChangedField[];
}

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A lead's street: its street field, else the first part of its address. */
function streetOf(fields: Record<string, unknown> | undefined): string {
  return str(fields?.street) || (str(fields?.address).split(',')[0] ?? '').trim();
}

/** The record a change is for, by its name and street as the server has them, else as sent. */
function titleOf(
  t: TFunction<['sync', 'leads']>,
  args: Record<string, unknown>,
  server: EntityRow | undefined,
): string {
  const name = str(server?.name) || str(args.name) || t('leads:lead.unnamed');
  const street = streetOf(server) || streetOf(args);
  return street ? `${name}, ${street}` : name;
}

/** A value as the screens show it: a phone formatted, people by name, a position as lat, lng. */
function shown(
  t: TFunction<['sync', 'leads']>,
  key: string,
  value: unknown,
  userName: (id: string) => string,
): string {
  const empty = t('leads:leadDetail.empty');
  if (value === null || value === undefined || value === '') return empty;
  if (key === 'phone' && typeof value === 'string') return /^\d+$/.test(value) ? formatPhone(value) : value;
  if (key === 'coordinates' && Array.isArray(value)) return `${value[1]}, ${value[0]}`;
  if (key === 'preferred_language' && typeof value === 'string')
    return t(`leads:lead.languages.${value}`, { defaultValue: value });
  if (typeof value === 'boolean') return t(value ? 'leads:leadDetail.yes' : 'leads:leadDetail.no');
  if (Array.isArray(value)) {
    const names = key === 'energy_consultants' ? value.map((id) => userName(String(id))) : value.map(String);
    return names.join(', ') || empty;
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${fieldLabel(t, k)}: ${shown(t, k, v, userName)}`)
      .join(', ');
  }
  return String(value);
}

/** A field's label as people read it ('Status', not 'deal_stage_status'). */
export function fieldLabel(t: TFunction<['sync', 'leads']>, key: string): string {
  const words = key.replace(/_/g, ' ');
  return t(`sync.fields.${key}`, {
    defaultValue: t(`leads:leadDetail.fields.${key}`, {
      defaultValue: words.charAt(0).toUpperCase() + words.slice(1),
    }),
  });
}

export function describeRejected(
  t: TFunction<['sync', 'leads']>,
  change: { name: string; args: Record<string, unknown> },
  server: EntityRow | undefined,
  userName: (id: string) => string,
): RejectedView {
  const fields = Object.entries(change.args)
    .filter(([key]) => !INTERNAL.has(key))
    .map(([key, value]) => ({
      key,
      label: fieldLabel(t, key),
      mine: shown(t, key, value, userName),
      server: shown(t, key, server?.[key], userName),
    }));
  return {
    title: titleOf(t, change.args, server),
    kind: t(`sync.mutation.${change.name}`, { defaultValue: change.name }),
    fields,
  };
}
