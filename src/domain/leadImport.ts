/**
 * Lead import (SPEC section 3): a field list maps CSV column names to lead fields, with the spec's
 * defaults (preferred_language english, owner Own = the importing user, new_roof false, an empty
 * deal_stage_status), and each row is checked with the rules of section 5 (address, phone, name),
 * legacy statuses converted (section 4). Problems are reported per row and per field so a person
 * can fix them; duplicates are found by normalised address.
 */
import { parseAddress } from './address.ts';
import { splitAppointmentDate } from './appointmentDate.ts';
import {
  DEAL_DATE_FIELDS,
  type DealForm,
  type DealProblem,
  dealChanges,
  dealProblems,
  EMPTY_DEAL_FORM,
  FINANCING_OPTIONS,
} from './deal.ts';
import { DEFAULT_DEAL_STAGES, type DealStage } from './dealStages.ts';
import { normalizeLead } from './leadNormalization.ts';
import { LEGACY_STATUS_VALUES, statusOfLegacyStage } from './legacyStatus.ts';
import { parseName } from './personName.ts';
import { PHONE_MAX_DIGITS, phoneDigits, phoneProblem } from './phone.ts';
import { CREDIT_SCORES, type LeadAddInput, leadAddSchema, type PREFERRED_LANGUAGES } from './schemas/lead.ts';

export const IMPORT_FIELD_KEYS = [
  'name',
  'first_name',
  'last_name',
  'phone',
  'email',
  'address',
  'street',
  'city',
  'state',
  'zip',
  'latitude',
  'longitude',
  'deal_stage_status',
  'status',
  'stage',
  'deal_stage',
  'lead_source',
  'appointment_date',
  'appointment_time',
  'appointment_notes',
  'preferred_language',
  'property_type',
  'credit_score',
  'new_roof',
  'roof_type',
  'job_source',
  'division',
  'referee',
  'bill',
  'provider',
  'utility',
  'utility_notes',
  'design_notes',
  'monthly_cost',
  'annual_cost',
  'contract_amount',
  'system_size_kw',
  'price_per_watt',
  'financing',
  'contract_signed_date',
  'crc_date',
  'permit_filed',
  'permit_received',
  'install_ready_date',
  'owner',
  'ref_id',
] as const;
export type ImportFieldKey = (typeof IMPORT_FIELD_KEYS)[number];

/** The field list: display name of each field and other column names it is known by. */
export const IMPORT_FIELDS: Readonly<Record<ImportFieldKey, { label: string; aliases?: readonly string[] }>> =
  {
    name: {
      label: 'Name',
      aliases: ['full name', 'contact name', 'customer name', 'homeowner', 'lead name'],
    },
    first_name: { label: 'First Name', aliases: ['first', 'firstname', 'given name'] },
    last_name: { label: 'Last Name', aliases: ['last', 'lastname', 'surname', 'family name'] },
    phone: { label: 'Phone', aliases: ['phone number', 'mobile', 'cell', 'tel', 'telephone', 'phone 1'] },
    email: { label: 'Email', aliases: ['e-mail', 'email address'] },
    address: { label: 'Address', aliases: ['full address', 'property address', 'display address'] },
    street: { label: 'Street', aliases: ['street address', 'address 1', 'address line 1'] },
    city: { label: 'City', aliases: ['town'] },
    state: { label: 'State', aliases: ['state short', 'province'] },
    zip: { label: 'Zip', aliases: ['zip code', 'zipcode', 'postal code', 'postcode'] },
    latitude: { label: 'Latitude', aliases: ['lat'] },
    longitude: { label: 'Longitude', aliases: ['lng', 'lon', 'long'] },
    deal_stage_status: { label: 'Status', aliases: ['deal stage status', 'lead status'] },
    status: { label: 'Pin Status', aliases: ['pin'] },
    stage: { label: 'Stage', aliases: ['legacy stage', 'pipeline stage'] },
    deal_stage: { label: 'Deal Stage', aliases: [] },
    lead_source: { label: 'Lead Source', aliases: ['source'] },
    appointment_date: { label: 'Appointment Date', aliases: ['appointment', 'appt date'] },
    appointment_time: { label: 'Appointment Time', aliases: ['appt time'] },
    appointment_notes: { label: 'Appointment Notes', aliases: ['notes'] },
    preferred_language: { label: 'Preferred Language', aliases: ['language'] },
    property_type: { label: 'Property Type', aliases: [] },
    credit_score: { label: 'Credit Score', aliases: ['credit'] },
    new_roof: { label: 'New Roof', aliases: ['needs roof'] },
    roof_type: { label: 'Roof Type', aliases: ['roof'] },
    job_source: { label: 'Job Source', aliases: [] },
    division: { label: 'Division', aliases: [] },
    referee: { label: 'Referee', aliases: ['referred by', 'referral'] },
    bill: { label: 'Bill', aliases: ['electric bill', 'monthly bill', 'utility bill'] },
    provider: { label: 'Provider', aliases: ['utility provider'] },
    utility: { label: 'Utility', aliases: ['utility company'] },
    utility_notes: { label: 'Utility Notes', aliases: [] },
    design_notes: { label: 'Design Notes', aliases: [] },
    monthly_cost: { label: 'Monthly Cost', aliases: [] },
    annual_cost: { label: 'Annual Cost', aliases: [] },
    contract_amount: {
      label: 'Contract Amount',
      aliases: ['contract value', 'deal value', 'sale amount', 'amount'],
    },
    system_size_kw: { label: 'System Size (kW)', aliases: ['system size', 'kw', 'system kw', 'size kw'] },
    price_per_watt: { label: 'Price per Watt', aliases: ['ppw', 'price watt', '$/w'] },
    financing: { label: 'Financing', aliases: ['finance type', 'payment option', 'payment type'] },
    contract_signed_date: {
      label: 'Contract Signed Date',
      aliases: ['contract signed', 'signed date', 'sold date'],
    },
    crc_date: { label: 'CRC Date', aliases: ['crc'] },
    permit_filed: { label: 'Permit Filed', aliases: ['permit filed date'] },
    permit_received: { label: 'Permit Received', aliases: ['permit received date'] },
    install_ready_date: { label: 'Install Ready Date', aliases: ['install ready'] },
    owner: { label: 'Owner', aliases: ['owner email', 'rep', 'assigned to'] },
    ref_id: { label: 'Ref ID', aliases: ['reference', 'external id'] },
  };

/** The spec's defaults for fields a file leaves out or empty. */
export const IMPORT_DEFAULTS = {
  preferred_language: 'english',
  /** 'Own': the importing user owns the lead. */
  owner: 'Own',
  /**
   * 'Rule' (or 'Regla'): the lead is imported without an owner, and the server gives it to whom its
   * region's distribution rule chooses (src/domain/distribution.ts); the importer stays its energy consultant.
   */
  byRule: ['rule', 'regla'],
  new_roof: false,
  deal_stage_status: '',
} as const;

/** Which lead field each column of the file fills; null leaves the column out. */
export type ColumnMapping = (ImportFieldKey | null)[];
export type ImportValues = Partial<Record<ImportFieldKey, string>>;

export type ImportErrorCode =
  | 'nameRequired'
  | 'phoneDigits'
  | 'phoneNotANumber'
  | 'address'
  | 'streetRequired'
  | 'coordinates'
  | 'date'
  | 'time'
  | 'yesNo'
  | 'language'
  | 'creditScore'
  | 'number'
  | 'ownerUnknown'
  | 'ownerNotAllowed'
  | 'financing'
  | 'email'
  | 'invalid';

/** A problem of one field of one row; `params` fill the message (address and schema texts come whole). */
export interface ImportFieldError {
  field: string;
  code: ImportErrorCode;
  params?: Record<string, string | number>;
}

/** Who imports, and the users an Owner column may name. */
export interface ImportContext {
  userId: string;
  /** False for users who may only create leads they own (contacts.create scope 'owned'). */
  mayAssignOthers: boolean;
  users: readonly { _id: string; name?: string | null; email?: string | null }[];
  stages?: readonly DealStage[];
}

export type RowCheck =
  | { ok: true; lead: Record<string, unknown>; addressKey: string | null }
  | { ok: false; errors: ImportFieldError[]; addressKey: string | null };

/** Column names compare case- and spacing-insensitively ('ZIP code', 'zip_code', 'Zip Code'). */
export function normalizeHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/[^a-z0-9+]+/g, ' ')
    .trim();
}

const FIELD_BY_HEADER = new Map<string, ImportFieldKey>();
for (const key of IMPORT_FIELD_KEYS) {
  const field = IMPORT_FIELDS[key];
  for (const name of [key, field.label, ...(field.aliases ?? [])]) {
    const normal = normalizeHeader(name);
    if (!FIELD_BY_HEADER.has(normal)) FIELD_BY_HEADER.set(normal, key);
    FIELD_BY_HEADER.set(normal.replace(/ /g, ''), FIELD_BY_HEADER.get(normal) ?? key);
  }
}

/** The field a column name stands for, if it is one the field list knows. */
export function fieldOfHeader(header: string): ImportFieldKey | undefined {
  const normal = normalizeHeader(header);
  return FIELD_BY_HEADER.get(normal) ?? FIELD_BY_HEADER.get(normal.replace(/ /g, ''));
}

/** The mapping suggested by the column names; a field is filled by its first column only. */
export function suggestMapping(headers: readonly string[]): ColumnMapping {
  const used = new Set<ImportFieldKey>();
  return headers.map((header) => {
    const field = fieldOfHeader(header);
    if (!field || used.has(field)) return null;
    used.add(field);
    return field;
  });
}

/** The values of one row by field, trimmed; empty cells are left out. */
export function rowValues(cells: readonly string[], mapping: ColumnMapping): ImportValues {
  const values: ImportValues = {};
  mapping.forEach((field, column) => {
    const value = (cells[column] ?? '').trim();
    if (field && value) values[field] = value;
  });
  return values;
}

const STREET_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  road: 'rd',
  drive: 'dr',
  lane: 'ln',
  boulevard: 'blvd',
  court: 'ct',
  place: 'pl',
  circle: 'cir',
  terrace: 'ter',
  parkway: 'pkwy',
  highway: 'hwy',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  apartment: 'apt',
  suite: 'ste',
};

/**
 * One address as a comparable key: parsed when it can be ('street, city, STATE ZIP', state names
 * to codes, ZIP+4 to 5 digits), lower case, punctuation gone, common street words abbreviated.
 */
export function addressKey(address: string | null | undefined): string | null {
  const raw = (address ?? '').trim();
  if (!raw) return null;
  const parsed = parseAddress(raw);
  const text = parsed.ok
    ? `${parsed.address.street} ${parsed.address.city} ${parsed.address.state} ${parsed.address.zip.slice(0, 5)}`
    : raw;
  const key = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => STREET_WORDS[word] ?? word)
    .join(' ');
  return key || null;
}

const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'false', '0']);
const LANGUAGES: Record<string, (typeof PREFERRED_LANGUAGES)[number]> = {
  english: 'english',
  en: 'english',
  eng: 'english',
  spanish: 'spanish',
  es: 'spanish',
  esp: 'spanish',
  español: 'spanish',
  espanol: 'spanish',
};
const TEXT_FIELDS = [
  'email',
  'lead_source',
  'appointment_notes',
  'property_type',
  'roof_type',
  'job_source',
  'division',
  'referee',
  'provider',
  'utility',
  'utility_notes',
  'design_notes',
  'ref_id',
] as const;
const MONEY_FIELDS = ['bill', 'monthly_cost', 'annual_cost'] as const;

/** A date as YYYY-MM-DD from YYYY-MM-DD or the spreadsheet style M/D/YYYY. */
function isoDate(value: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (!us) return undefined;
  return `${us[3]}-${us[1]?.padStart(2, '0')}-${us[2]?.padStart(2, '0')}`;
}

function validDate(iso: string): boolean {
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso);
}

function resolveOwner(
  value: string | undefined,
  ctx: ImportContext,
): { id: string | null } | { error: ImportFieldError } {
  if (!value || value.toLowerCase() === IMPORT_DEFAULTS.owner.toLowerCase()) return { id: ctx.userId };
  const lower = value.toLowerCase();
  if ((IMPORT_DEFAULTS.byRule as readonly string[]).includes(lower.trim())) return { id: null };
  const user = ctx.users.find(
    (u) => u._id === value || u.email?.toLowerCase() === lower || u.name?.toLowerCase() === lower,
  );
  if (!user) return { error: { field: 'owner', code: 'ownerUnknown', params: { owner: value } } };
  if (user._id !== ctx.userId && !ctx.mayAssignOthers)
    return { error: { field: 'owner', code: 'ownerNotAllowed', params: { owner: value } } };
  return { id: user._id };
}

/**
 * Checks one row and builds the lead it adds (the fields of `lead.add.v1`, without an id), or lists
 * what is wrong with it, field by field.
 */
export function checkRow(values: ImportValues, ctx: ImportContext): RowCheck {
  const errors: ImportFieldError[] = [];
  // The lead as a `lead.add.v1` would carry it; the shared normalisation (the one the device and
  // the server apply) turns it into the stored fields below.
  const input: Record<string, unknown> = {};

  // Name: one column ('Last, First' or 'First … Last'), or first and last name columns.
  if (values.name) input.name = values.name;
  if (values.first_name) input.first_name = values.first_name;
  if (values.last_name) input.last_name = values.last_name;
  if (!(parseName(values.name).fullName || values.first_name || values.last_name))
    errors.push({
      field: values.first_name || values.last_name ? 'first_name' : 'name',
      code: 'nameRequired',
    });

  if (values.phone) {
    const digits = phoneDigits(values.phone);
    const problem = phoneProblem(values.phone);
    if (problem?.code === 'notANumber')
      errors.push({ field: 'phone', code: 'phoneNotANumber', params: { value: problem.value } });
    else if (digits.length !== PHONE_MAX_DIGITS)
      errors.push({
        field: 'phone',
        code: 'phoneDigits',
        params: { max: PHONE_MAX_DIGITS, count: digits.length },
      });
    else input.phone = values.phone;
  }

  if (values.latitude || values.longitude) {
    const lat = Number(values.latitude);
    const lng = Number(values.longitude);
    if (
      !values.latitude ||
      !values.longitude ||
      !Number.isFinite(lat) ||
      !Number.isFinite(lng) ||
      Math.abs(lat) > 90 ||
      Math.abs(lng) > 180
    ) {
      errors.push({ field: values.latitude ? 'longitude' : 'latitude', code: 'coordinates' });
    } else input.coordinates = [lng, lat];
  }

  // Address: a whole address, or a street with its city, state and ZIP (or at a position).
  const addressErrorAt = errors.length;
  if (values.address) input.address = values.address;
  else if (values.street) {
    input.street = values.street;
    if (values.city) input.city = values.city;
    if (values.state) input.state = values.state;
    if (values.zip) input.zip = values.zip;
  } else if (values.city || values.state || values.zip) {
    errors.push({ field: 'street', code: 'streetRequired' });
  }

  // Statuses: today's label, an older pin status or an older numbered stage label (SPEC section 4).
  for (const key of ['deal_stage_status', 'status', 'stage', 'deal_stage'] as const)
    if (values[key]) input[key] = values[key];

  if (values.appointment_date) {
    const split = splitAppointmentDate(values.appointment_date);
    const date = isoDate(split.date);
    if (!date || !validDate(date)) errors.push({ field: 'appointment_date', code: 'date' });
    else {
      input.appointment_date = date;
      if (split.time) input.appointment_time = split.time;
    }
  }
  if (values.appointment_time) {
    const time = /^(\d{1,2}):(\d{2})$/.exec(values.appointment_time);
    if (!time || Number(time[1]) > 23 || Number(time[2]) > 59)
      errors.push({ field: 'appointment_time', code: 'time' });
    else input.appointment_time = `${time[1]?.padStart(2, '0')}:${time[2]}`;
  }

  const lead: Record<string, unknown> = {};
  const normalized = normalizeLead(input as LeadAddInput, {
    stages: ctx.stages ?? DEFAULT_DEAL_STAGES,
    userId: ctx.userId,
  });
  let addressText: string | null = null;
  if (normalized.ok) {
    const { address_obj: _derived, region: _region, coordinates, ...fields } = normalized.fields;
    Object.assign(lead, fields, coordinates ? { coordinates } : {});
    if (typeof fields.address === 'string') addressText = fields.address;
    // Converted older values are not kept beside today's status; anything else is kept as written.
    if (values.status && values.status in LEGACY_STATUS_VALUES) delete lead.status;
    if (values.stage && statusOfLegacyStage(values.stage) !== undefined) delete lead.stage;
  } else if (normalized.field === 'name') {
    // Nothing saying who or where: the name the row lacks is already reported above.
  } else if (normalized.field === 'phone') {
    // A phone is passed on only once checked above; should the rules still refuse it, say why.
    errors.push({ field: 'phone', code: 'invalid', params: { message: normalized.error } });
  } else {
    errors.splice(addressErrorAt, 0, {
      field: normalized.field,
      code: 'address',
      params: { message: normalized.error, ...(normalized.reason ? { reason: normalized.reason } : {}) },
    });
  }

  const language = values.preferred_language
    ? LANGUAGES[values.preferred_language.toLowerCase()]
    : IMPORT_DEFAULTS.preferred_language;
  if (!language) errors.push({ field: 'preferred_language', code: 'language' });
  else lead.preferred_language = language;

  if (values.new_roof) {
    const lower = values.new_roof.toLowerCase();
    if (YES.has(lower)) lead.new_roof = true;
    else if (NO.has(lower)) lead.new_roof = false;
    else errors.push({ field: 'new_roof', code: 'yesNo' });
  } else lead.new_roof = IMPORT_DEFAULTS.new_roof;

  if (values.credit_score) {
    const score = CREDIT_SCORES.find((s) => s.toLowerCase() === values.credit_score?.toLowerCase());
    if (!score)
      errors.push({
        field: 'credit_score',
        code: 'creditScore',
        params: { options: CREDIT_SCORES.join(', ') },
      });
    else lead.credit_score = score;
  }

  for (const key of MONEY_FIELDS) {
    const value = values[key];
    if (!value) continue;
    const amount = Number(value.replace(/[$,\s]/g, ''));
    if (!Number.isFinite(amount) || amount < 0) errors.push({ field: key, code: 'number' });
    else lead[key] = amount;
  }
  for (const key of TEXT_FIELDS) if (values[key]) lead[key] = values[key];
  Object.assign(lead, dealOfRow(values, errors));

  const owner = resolveOwner(values.owner, ctx);
  if ('error' in owner) errors.push(owner.error);
  else {
    lead.owner_id = owner.id;
    // The spec: energy consultants default to the current user.
    lead.energy_consultants = [ctx.userId];
  }

  // The wire schema's own limits (lengths, email, ZIP) are checked whatever else is wrong, so a row
  // lists every problem at once; a field already flagged keeps its first problem.
  const parsed = leadAddSchema.safeParse(lead);
  if (!parsed.success) errors.push(...schemaErrors(parsed.error.issues, errors));
  const key = addressKey(addressText);
  if (errors.length) return { ok: false, errors, addressKey: key };
  return { ok: true, lead, addressKey: key };
}

const DEAL_CODES: Record<DealProblem, ImportErrorCode> = {
  amount: 'number',
  size: 'number',
  price: 'number',
  financing: 'financing',
  date: 'date',
};

/**
 * A row's signed deal by the lead form's rules (`src/domain/deal.ts`): amount, size and price per
 * watt (two give the third), financing and the contract dates (YYYY-MM-DD or M/D/YYYY); each
 * problem is added to `errors`, and the deal is left out of a row that has one.
 */
function dealOfRow(values: ImportValues, errors: ImportFieldError[]): Record<string, unknown> {
  const form: DealForm = { ...EMPTY_DEAL_FORM };
  for (const key of Object.keys(form) as (keyof DealForm)[]) {
    const value = values[key]?.trim() ?? '';
    form[key] = (DEAL_DATE_FIELDS as readonly string[]).includes(key) ? (isoDate(value) ?? value) : value;
  }
  const problems = Object.entries(dealProblems(form)) as [keyof DealForm, DealProblem][];
  for (const [field, problem] of problems) {
    const params = problem === 'financing' ? { params: { options: FINANCING_OPTIONS.join(', ') } } : {};
    errors.push({ field, code: DEAL_CODES[problem], ...params });
  }
  return problems.length ? {} : dealChanges(form);
}

/** One problem per field the schema refused, for fields not flagged already (an email with its own hint). */
function schemaErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  flagged: readonly ImportFieldError[],
): ImportFieldError[] {
  const fields = new Set(flagged.map((error) => error.field));
  const found: ImportFieldError[] = [];
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'name');
    if (fields.has(field)) continue;
    fields.add(field);
    found.push(
      field === 'email'
        ? { field, code: 'email' }
        : { field, code: 'invalid', params: { message: issue.message } },
    );
  }
  return found;
}

/** Why a row is a duplicate: a lead already on the device, or an earlier row of the file (its index). */
export type Duplicate = { of: 'device'; name: string } | { of: 'file'; index: number };

/** The row number a person sees in a spreadsheet: the header is row 1. */
export function sheetRow(index: number): number {
  return index + 2;
}

/**
 * Duplicates by normalised address: against the leads on the device, then within the file (the
 * first row with an address is the original, later ones are its duplicates).
 */
export function findDuplicates(
  keys: readonly (string | null)[],
  existing: ReadonlyMap<string, string>,
): (Duplicate | undefined)[] {
  const firstRow = new Map<string, number>();
  return keys.map((key, index) => {
    if (!key) return undefined;
    const name = existing.get(key);
    if (name !== undefined) return { of: 'device', name };
    const first = firstRow.get(key);
    if (first !== undefined) return { of: 'file', index: first };
    firstRow.set(key, index);
    return undefined;
  });
}
