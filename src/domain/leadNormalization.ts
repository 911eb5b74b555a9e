/**
 * One lead normalisation for the device and the server (SPEC sections 3-5). The fields of a
 * `leads/add` or `leads/edit` (a `lead.add.v1` / `lead.edit.v1` mutation) go through
 * `normalizeLead` on both sides: the device to show its optimistic row, the server to store its
 * canonical row. Both therefore show the same values for the same change.
 *
 * The result is in the wire shape of a lead (the row the device keeps and `leads/get` answers):
 * column fields and extras by their spec names, `region`/`region_id`, `coordinates` as [lng, lat]
 * and a derived `address_obj`. The server splits it into columns, extras and lat/lng on top.
 *
 * Invariant: pure and offline — no clock, no network (no geocoding), no randomness; normalising
 * an already normalised change gives the same fields.
 */
import { generateAddress, parseAddress, stateCode, UNABLE_TO_RESOLVE_ADDRESS } from './address.ts';
import { splitAppointmentDate } from './appointmentDate.ts';
import { completeDeal, dealOf } from './deal.ts';
import { applyStageChange, applyStatusChange, type DealPosition, type DealStage } from './dealStages.ts';
import { upgradeLegacyStatusFields } from './legacyStatus.ts';
import { nameColumns } from './personName.ts';
import { normalizePhone, type PhoneProblem, phoneDigits, phoneProblem } from './phone.ts';
import { LEAD_COLUMN_KEYS, LEAD_EXTRA_KEYS, type LeadAddInput, type LeadEditInput } from './schemas/lead.ts';

/** The fields of an add or an edit, as the lead schemas parse them (extra keys are ignored). */
export type LeadChangeInput = LeadAddInput | LeadEditInput;

/** A lead's fields in the wire shape (the device row, the answer of `leads/get`). */
export type LeadFields = Record<string, unknown>;

type LngLat = [lng: number, lat: number];

export interface LeadNormalizationContext {
  /** The row an edit changes, in the wire shape (the device's row, or the server's row as sent). Absent for an add. */
  existing?: Readonly<LeadFields> | undefined;
  /** The org's deal stage configuration (its saved one, or DEFAULT_DEAL_STAGES). */
  stages: readonly DealStage[];
  /** The user making an add: energy consultants default to them (SPEC section 5). */
  userId?: string | undefined;
}

export type LeadNormalization =
  | {
      ok: true;
      /** The fields to store / show: the change's fields normalised, plus those its rules imply. */
      fields: LeadFields;
      /**
       * Stage fields set only as a consequence of the stage/status rule (e.g. the stage a status
       * moves the lead to). The server does not count them as fields the change made.
       */
      derived: ('deal_stage' | 'deal_stage_status')[];
    }
  | ({ ok: false } & LeadProblem);

/** Something in a change that the rules refuse, by field. */
export type LeadProblem =
  | {
      /** The field at fault: `address`, or `street` when the address was built from its parts. */
      field: 'address' | 'street';
      /** The spec's text: POSITION_REQUIRED or UNABLE_TO_RESOLVE_ADDRESS, or what part is wrong. */
      error: string;
      /** What exactly did not parse, when known (for a person fixing a file). */
      reason?: string;
    }
  | {
      field: 'phone';
      /** The English text (the server's answer). */
      error: string;
      /** Which rule, for a screen to say it in the reader's language. */
      phone: PhoneProblem;
    }
  | {
      /** A new lead with nothing saying who or where it is (`isEmptyLead`). */
      field: 'name';
      /** EMPTY_LEAD_MESSAGE (the server's answer). */
      error: string;
    };

/** Why a new lead with nothing in it is refused. */
export const EMPTY_LEAD_MESSAGE =
  'A lead needs a name, an address, a phone number, an email or a place on the map.';

/**
 * Whether a new lead's fields say nothing about who or where it is: no name (or first or last
 * name), no address (or street), no phone digits, no email and no position. A pin dropped on the
 * map is a lead at a place, so a position alone is enough.
 */
export function isEmptyLead(fields: Readonly<Record<string, unknown>>): boolean {
  const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  if (['name', 'first_name', 'last_name', 'address', 'street', 'email'].some((key) => filled(fields[key])))
    return false;
  if (typeof fields.phone === 'string' && phoneDigits(fields.phone) !== '') return false;
  const obj = fields.address_obj as { display_address?: unknown } | null | undefined;
  if (obj && typeof obj === 'object' && filled(obj.display_address)) return false;
  return positionOf(fields as Readonly<LeadFields>) === null;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function isLngLat(value: unknown): value is LngLat {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === 'number' &&
    typeof value[1] === 'number' &&
    Number.isFinite(value[0]) &&
    Number.isFinite(value[1])
  );
}

/** A position [lng, lat] from wire location fields: coordinates, address_obj.coordinates or .position. */
function positionOf(fields: Readonly<LeadFields> | undefined): LngLat | null {
  if (!fields) return null;
  if (isLngLat(fields.coordinates)) return [fields.coordinates[0], fields.coordinates[1]];
  const obj = fields.address_obj as { coordinates?: unknown; position?: unknown } | null | undefined;
  if (obj && typeof obj === 'object') {
    if (isLngLat(obj.coordinates)) return [obj.coordinates[0], obj.coordinates[1]];
    const p = obj.position as { lat?: unknown; lng?: unknown } | null | undefined;
    if (p && typeof p.lat === 'number' && typeof p.lng === 'number') return [p.lng, p.lat];
  }
  return null;
}

/**
 * A single address line with no city, state or ZIP that names a street: it has a house or road
 * number ('12 Main St', 'County Road 5'). A word like 'nowhere' is not a street.
 */
/** The fields an address built from a street gives (only the street when it still needs a lookup). */
function builtAddressFields(built: Extract<ReturnType<typeof generateAddress>, { ok: true }>): LeadFields {
  const a = built.address;
  return built.needsLookup
    ? { address: a.display_address, street: a.street }
    : { address: a.display_address, street: a.street, city: a.city, state: a.state, zip: a.zip };
}

export function isBareStreet(value: string): boolean {
  const v = value.trim();
  return !v.includes(',') && !ENDS_WITH_ZIP.test(v) && /\d/.test(v) && /[A-Za-z]/.test(v);
}

/** A whole address typed without its commas still ends with its ZIP code. */
const ENDS_WITH_ZIP = /\s\d{5}(-\d{4})?$/;

/** A state as its two-letter code when it is a US state, else upper-cased; empty is null. */
export function normalizeState(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  return stateCode(v) ?? v.toUpperCase();
}

/** A status in its configured spelling when the change writes it in another case. */
function canonicalStatus(stages: readonly DealStage[], status: string): string {
  const lower = status.trim().toLowerCase();
  if (!lower) return status;
  for (const stage of stages) {
    for (const option of stage.options) {
      if (option.value === status) return status;
      if (option.value.toLowerCase() === lower || option.label.toLowerCase() === lower) return option.value;
    }
  }
  return status;
}

type AddressOutcome =
  | { ok: true; fields: LeadFields }
  | { ok: false; field: 'address' | 'street'; error: string; reason?: string };

/**
 * The spec's address rules (section 5), without a network: an address that parses as
 * 'street, city, STATE ZIP' fills its parts; a bare street is accepted as the address when the
 * lead has a position, else POSITION_REQUIRED; anything else is UNABLE_TO_RESOLVE_ADDRESS.
 */
function resolveAddress(
  input: LeadFields,
  existing: Readonly<LeadFields> | undefined,
  position: LngLat | null,
): AddressOutcome | undefined {
  const obj = input.address_obj as { display_address?: string } | null | undefined;
  const address = input.address !== undefined ? input.address : (obj?.display_address ?? undefined);
  const at = position ? { lng: position[0], lat: position[1] } : undefined;
  // An edit that sends the address the lead already has changes nothing (even one stored before
  // these rules).
  if (existing && address !== undefined && address === existing.address) return undefined;
  if (typeof address === 'string' && address.trim()) {
    const parsed = parseAddress(address);
    if (parsed.ok) {
      const a = parsed.address;
      return {
        ok: true,
        fields: { address: a.display_address, street: a.street, city: a.city, state: a.state, zip: a.zip },
      };
    }
    if (!isBareStreet(address)) {
      // Shaped like an address (its commas, or a ZIP at the end) but with a bad part: say which, since the
      // person can fix it; anything else cannot be resolved (the spec's text).
      const shaped = address.split(',').length >= 3 || ENDS_WITH_ZIP.test(address.trim());
      return {
        ok: false,
        field: 'address',
        error: shaped ? parsed.error : UNABLE_TO_RESOLVE_ADDRESS,
        ...(shaped ? {} : { reason: parsed.error }),
      };
    }
    // A street line: with the parts given beside it, or alone at a known position.
    const built = generateAddress({
      street: address,
      city: str(input.city) ?? undefined,
      state: str(input.state) ?? undefined,
      zip: str(input.zip) ?? undefined,
      position: at,
    });
    if (!built.ok) return { ok: false, field: 'address', error: built.error };
    return { ok: true, fields: builtAddressFields(built) };
  }
  if (address !== undefined) return { ok: true, fields: { address } };
  const street = str(input.street);
  if (street?.trim()) {
    // An address from its parts; an edit keeps the parts it does not change.
    const part = (key: 'city' | 'state' | 'zip') =>
      str(input[key] !== undefined ? input[key] : existing?.[key]);
    const built = generateAddress({
      street,
      city: part('city') || undefined,
      state: part('state') || undefined,
      zip: part('zip') || undefined,
      position: at,
    });
    if (!built.ok) return { ok: false, field: 'street', error: built.error };
    return { ok: true, fields: builtAddressFields(built) };
  }
  return undefined;
}

/**
 * Every problem of a change that `normalizeLead` would refuse, in the order of a lead form (phone,
 * then address): a screen shows them all at once, each on its field.
 */
export function leadProblems(
  input: LeadChangeInput,
  context: Pick<LeadNormalizationContext, 'existing'> = {},
): LeadProblem[] {
  const raw = input as LeadFields;
  return problemsOf(raw, addressOf(raw, context.existing));
}

function problemsOf(raw: LeadFields, address: AddressOutcome | undefined): LeadProblem[] {
  const problems: LeadProblem[] = [];
  const phone = typeof raw.phone === 'string' ? phoneProblem(raw.phone) : undefined;
  if (phone) problems.push({ field: 'phone', error: phone.message, phone });
  if (address && !address.ok) {
    const { ok: _failed, ...problem } = address;
    problems.push(problem);
  }
  return problems;
}

/** The address of a change resolved at the position the lead will have (see `resolveAddress`). */
function addressOf(raw: LeadFields, existing: Readonly<LeadFields> | undefined): AddressOutcome | undefined {
  const position = raw.coordinates === null ? null : (positionOf(raw) ?? positionOf(existing));
  return resolveAddress(raw, existing, position);
}

/**
 * Normalises the lead fields of an add (no `existing`) or an edit (the row it changes):
 * - name: a `name` is parsed ('Last, First' or 'First … Last') into first/last names (those given
 *   win); first/last names alone make the name (an edit keeps the one it does not change);
 * - phone: digits only, at most 10, without a leading US country code ('+1' or an 11th digit);
 *   letters or more than 10 digits are refused (`phoneProblem`);
 * - address: see `resolveAddress`; `state` as a two-letter code (upper-case otherwise);
 * - appointment date with a time ('2026-12-01 14:30') split into date and time;
 * - older statuses and stage labels become today's status, in the configured spelling;
 * - choosing a stage sets its first status; a status of another stage moves the lead there;
 * - location: `coordinates` [lng, lat] and the derived `address_obj`, as the server answers them;
 * - an add gets the spec's defaults (empty status, english, the user as energy consultant).
 * Answers the first of `leadProblems` instead when there is one: a phone that is not a number,
 * or an address the spec's rules cannot resolve (with the spec's text); and an add with nothing
 * saying who or where the lead is (`isEmptyLead`) is refused with EMPTY_LEAD_MESSAGE.
 */
export function normalizeLead(input: LeadChangeInput, context: LeadNormalizationContext): LeadNormalization {
  const { existing, stages } = context;
  const raw = input as LeadFields;
  const out: LeadFields = {};
  for (const key of [...LEAD_COLUMN_KEYS, ...LEAD_EXTRA_KEYS]) {
    if (raw[key] !== undefined) out[key] = raw[key];
  }
  const region = raw.region_id !== undefined ? raw.region_id : raw.region;
  if (region !== undefined) {
    out.region_id = region;
    out.region = region;
  }

  // Name (SPEC section 5).
  const name = str(raw.name);
  if (name !== undefined) {
    Object.assign(out, nameColumns(name, raw));
  } else if (raw.first_name !== undefined || raw.last_name !== undefined) {
    const first = raw.first_name !== undefined ? raw.first_name : existing?.first_name;
    const last = raw.last_name !== undefined ? raw.last_name : existing?.last_name;
    const joined = [first, last]
      .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
      .map((p) => p.trim())
      .join(' ');
    if (joined) out.name = joined;
  }

  const address = addressOf(raw, existing);
  const problem = problemsOf(raw, address)[0];
  if (problem) return { ok: false, ...problem };
  if (typeof raw.phone === 'string') out.phone = normalizePhone(raw.phone);
  if (typeof raw.state === 'string') out.state = normalizeState(raw.state);

  // Location and address.
  const clearsPosition = raw.coordinates === null;
  const givenPosition = positionOf(raw);
  if (address?.ok) Object.assign(out, address.fields);
  const locationChanged = givenPosition !== null || clearsPosition || address !== undefined;
  if (!existing || locationChanged) {
    const coordinates = givenPosition ?? (clearsPosition ? null : positionOf(existing));
    const display = out.address !== undefined ? out.address : existing?.address;
    out.coordinates = coordinates;
    out.address_obj = {
      display_address: typeof display === 'string' ? display : '',
      coordinates,
      position: coordinates ? { lat: coordinates[1], lng: coordinates[0] } : null,
    };
  }

  // Appointment date with a time (SPEC section 5).
  const appointment = str(raw.appointment_date);
  if (appointment !== undefined && / |^\d{4}-\d{2}-\d{2}T/.test(appointment.trim())) {
    const split = splitAppointmentDate(appointment);
    out.appointment_date = split.date;
    out.appointment_time = split.time || (str(raw.appointment_time) ?? '');
  }

  // Older statuses and stage labels (SPEC section 4), then stage ↔ status.
  const upgraded = upgradeLegacyStatusFields({
    deal_stage_status: str(raw.deal_stage_status),
    status: str(raw.status),
    stage: str(raw.stage),
  });
  if (upgraded.deal_stage_status !== undefined && upgraded.deal_stage_status !== null) {
    out.deal_stage_status = canonicalStatus(stages, upgraded.deal_stage_status);
  }
  const current: DealPosition = {
    deal_stage: (str(existing?.deal_stage) ?? null) as string | null,
    deal_stage_status: str(existing?.deal_stage_status) ?? '',
  };
  const derived: ('deal_stage' | 'deal_stage_status')[] = [];
  const setStage = (next: DealPosition) => {
    for (const key of ['deal_stage', 'deal_stage_status'] as const) {
      if (out[key] === undefined) derived.push(key);
      out[key] = next[key];
    }
  };
  const status = str(out.deal_stage_status);
  const stage = out.deal_stage;
  if (status !== undefined && status !== current.deal_stage_status) {
    setStage(applyStatusChange(stages, current, status));
  } else if (typeof stage === 'string' && stage !== current.deal_stage) {
    setStage(applyStageChange(stages, current, stage));
  }

  // The deal's figures: two of amount, size and price per watt give the third, as on the device.
  if (DEAL_FIGURES.some((key) => out[key] !== undefined)) {
    const given = Object.fromEntries(
      DEAL_FIGURES.filter((k) => out[k] !== undefined).map((k) => [k, out[k]]),
    );
    const before = dealOf({ ...(existing ?? {}), ...given });
    const after = completeDeal(before);
    for (const key of DEAL_FIGURES) if (after[key] !== before[key]) out[key] = after[key];
  }

  if (!existing) {
    if (isEmptyLead(out)) return { ok: false, field: 'name', error: EMPTY_LEAD_MESSAGE };
    // An add: the spec's defaults for what it leaves out.
    out.name ??= '';
    out.phone ??= '';
    out.deal_stage_status ??= '';
    out.preferred_language ??= 'english';
    const consultants = out.energy_consultants;
    if (!Array.isArray(consultants) || !consultants.length) {
      out.energy_consultants = context.userId ? [context.userId] : [];
    }
  }
  return { ok: true, fields: out, derived };
}

const DEAL_FIGURES = ['contract_amount', 'system_size_kw', 'price_per_watt'] as const;

/** The lead fields of a mutation's args (`lead.add.v1`, `lead.edit.v1`): without id, _id, deleted, base_versions. */
const CHANGE_KEYS = new Set<string>([
  ...LEAD_COLUMN_KEYS,
  ...LEAD_EXTRA_KEYS,
  'coordinates',
  'address_obj',
  'region',
]);
const ADDRESS_KEYS = ['address', 'street', 'city', 'state', 'zip', 'address_obj'];

/**
 * The device's optimistic row after an add (`row` undefined: the new row's fields, without its
 * ids and time stamps) or after an edit of `row` (the whole row). The device checks a change with
 * `normalizeLead` before queuing it; a queued change whose address or phone the rules now refuse
 * (queued by an older app version) still shows its other fields, and the server's rejection tells
 * why.
 */
export function leadRowAfterChange(
  row: Readonly<LeadFields> | undefined,
  args: Readonly<Record<string, unknown>>,
  context: Omit<LeadNormalizationContext, 'existing'>,
): LeadFields {
  const change: LeadFields = {};
  for (const [key, value] of Object.entries(args)) if (CHANGE_KEYS.has(key)) change[key] = value;
  let normalized = normalizeLead(change as LeadChangeInput, { ...context, existing: row });
  // Each refused field is left out in turn (the phone, the address), so the rest still shows.
  for (let tries = 0; !normalized.ok && tries < 2; tries++) {
    for (const key of normalized.field === 'phone' ? ['phone'] : ADDRESS_KEYS) delete change[key];
    normalized = normalizeLead(change as LeadChangeInput, { ...context, existing: row });
  }
  const fields = normalized.ok ? normalized.fields : {};
  return row ? { ...row, ...fields } : fields;
}
