/**
 * A contact's deal (the signed contract): its amount, the system's size in kW, the price per watt,
 * how it is paid for, and the spec's contract dates. The lead page, the stage change to Contract
 * Signed and the import read typed values with these rules; the wire schema
 * (`schemas/lead.ts`) checks the stored numbers with the same bounds.
 *
 * Money is kept exact to the cent: an amount has at most two decimals and sums are taken in
 * cents ({@link toCents}). The price per watt is the amount over the size in watts, so two of the
 * three give the third ({@link completeDeal}).
 */
import { isoDateProblem } from './schemas/common.ts';

/** How the customer pays for the system. */
export const FINANCING_OPTIONS = ['Cash', 'Loan', 'Lease', 'PPA'] as const;
export type Financing = (typeof FINANCING_OPTIONS)[number];

/** The status whose choice asks for the deal's figures (the first of the Customer stage). */
export const CONTRACT_SIGNED_STATUS = 'Contract Signed';

/** A residential system is at most this many kW (1 MW): a larger figure is a typing slip. */
export const MAX_SYSTEM_SIZE_KW = 1000;
/** A price per watt above this many dollars is a typing slip (an amount typed as the price). */
export const MAX_PRICE_PER_WATT = 100;

/** The spec's contract dates after the appointment, in its order, with the field each is stored in. */
export const DEAL_DATE_FIELDS = [
  'contract_signed_date',
  'crc_date',
  'permit_filed',
  'permit_received',
  'install_ready_date',
] as const;
export type DealDateField = (typeof DEAL_DATE_FIELDS)[number];

/** The deal as typed in a form: every value a text, empty for none. */
export interface DealForm {
  contract_amount: string;
  system_size_kw: string;
  price_per_watt: string;
  financing: string;
  contract_signed_date: string;
  crc_date: string;
  permit_filed: string;
  permit_received: string;
  install_ready_date: string;
}

export const EMPTY_DEAL_FORM: DealForm = {
  contract_amount: '',
  system_size_kw: '',
  price_per_watt: '',
  financing: '',
  contract_signed_date: '',
  crc_date: '',
  permit_filed: '',
  permit_received: '',
  install_ready_date: '',
};

/** The deal's fields as stored on the contact. */
export interface DealValues {
  contract_amount: number | null;
  system_size_kw: number | null;
  price_per_watt: number | null;
  financing: Financing | null;
  contract_signed_date: string | null;
  crc_date: string | null;
  permit_filed: string | null;
  permit_received: string | null;
  install_ready_date: string | null;
}

/** Why a typed deal field cannot be stored; the form words each. */
export type DealProblem = 'amount' | 'size' | 'price' | 'financing' | 'date';

const DECIMALS: Record<'contract_amount' | 'system_size_kw' | 'price_per_watt', number> = {
  contract_amount: 2,
  system_size_kw: 3,
  price_per_watt: 4,
};
const MAXIMUM: Record<keyof typeof DECIMALS, number> = {
  contract_amount: 1_000_000_000,
  system_size_kw: MAX_SYSTEM_SIZE_KW,
  price_per_watt: MAX_PRICE_PER_WATT,
};
const PROBLEM: Record<keyof typeof DECIMALS, DealProblem> = {
  contract_amount: 'amount',
  system_size_kw: 'size',
  price_per_watt: 'price',
};

/**
 * A number as typed ('12,500.50', '$12500', ' 7.2 '): null when empty, undefined when it is not a
 * plain non-negative number with at most `decimals` decimals.
 */
export function typedNumber(typed: string, decimals: number): number | null | undefined {
  const plain = typed.replace(/[\s$,]/g, '');
  if (!plain) return null;
  const pattern = decimals > 0 ? new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`) : /^\d+$/;
  if (!pattern.test(plain)) return undefined;
  const value = Number(plain);
  return Number.isFinite(value) ? value : undefined;
}

/** An amount of money in whole cents (exact for amounts of at most two decimals). */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** Whole cents as an amount of money. */
export function fromCents(cents: number): number {
  return cents / 100;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** A stored financing value, or null for one the app does not know. */
export function financingOf(value: unknown): Financing | null {
  return (
    FINANCING_OPTIONS.find(
      (o) =>
        o.toLowerCase() ===
        String(value ?? '')
          .trim()
          .toLowerCase(),
    ) ?? null
  );
}

/** What is wrong with each typed field, by field; empty when the deal can be stored. */
export function dealProblems(form: DealForm): Partial<Record<keyof DealForm, DealProblem>> {
  const problems: Partial<Record<keyof DealForm, DealProblem>> = {};
  for (const key of Object.keys(DECIMALS) as (keyof typeof DECIMALS)[]) {
    const value = typedNumber(form[key], DECIMALS[key]);
    if (value === undefined || (value !== null && value > MAXIMUM[key])) problems[key] = PROBLEM[key];
  }
  if (form.financing.trim() && !financingOf(form.financing)) problems.financing = 'financing';
  for (const key of DEAL_DATE_FIELDS) {
    const typed = form[key].trim();
    if (typed && isoDateProblem(typed)) problems[key] = 'date';
  }
  return problems;
}

/**
 * The deal's stored values from a form with no problems ({@link dealProblems}), with the third of
 * amount, size and price per watt worked out when two are given and the third is empty.
 */
export function dealValuesOf(form: DealForm): DealValues {
  const number = (key: keyof typeof DECIMALS) => typedNumber(form[key], DECIMALS[key]) ?? null;
  const date = (key: DealDateField) => form[key].trim() || null;
  return completeDeal({
    contract_amount: number('contract_amount'),
    system_size_kw: number('system_size_kw'),
    price_per_watt: number('price_per_watt'),
    financing: financingOf(form.financing),
    contract_signed_date: date('contract_signed_date'),
    crc_date: date('crc_date'),
    permit_filed: date('permit_filed'),
    permit_received: date('permit_received'),
    install_ready_date: date('install_ready_date'),
  });
}

/**
 * Fills the one missing figure of amount, size and price per watt from the other two (amount =
 * price per watt × size in watts, to the cent; price per watt to a hundredth of a cent). A deal
 * with all three, or fewer than two, is left as it is.
 */
export function completeDeal(deal: DealValues): DealValues {
  const { contract_amount: amount, system_size_kw: kw, price_per_watt: ppw } = deal;
  if (amount === null && kw !== null && ppw !== null) {
    return { ...deal, contract_amount: fromCents(Math.round(ppw * kw * 1000 * 100)) };
  }
  if (ppw === null && amount !== null && kw !== null && kw > 0) {
    return { ...deal, price_per_watt: round(amount / (kw * 1000), 4) };
  }
  return deal;
}

const asNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const asDate = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** The deal a stored contact carries. */
export function dealOf(row: Record<string, unknown>): DealValues {
  return {
    contract_amount: asNumber(row.contract_amount),
    system_size_kw: asNumber(row.system_size_kw),
    price_per_watt: asNumber(row.price_per_watt),
    financing: financingOf(row.financing),
    contract_signed_date: asDate(row.contract_signed_date),
    crc_date: asDate(row.crc_date),
    permit_filed: asDate(row.permit_filed),
    permit_received: asDate(row.permit_received),
    install_ready_date: asDate(row.install_ready_date),
  };
}

/** A stored contact's deal as the form shows it. */
export function dealFormOf(row: Record<string, unknown>): DealForm {
  const deal = dealOf(row);
  const typed = (value: number | string | null) => (value === null ? '' : String(value));
  return {
    contract_amount: typed(deal.contract_amount),
    system_size_kw: typed(deal.system_size_kw),
    price_per_watt: typed(deal.price_per_watt),
    financing: deal.financing ?? '',
    contract_signed_date: typed(deal.contract_signed_date),
    crc_date: typed(deal.crc_date),
    permit_filed: typed(deal.permit_filed),
    permit_received: typed(deal.permit_received),
    install_ready_date: typed(deal.install_ready_date),
  };
}

/** The deal's fields that differ from what `row` stores (all set ones for a new contact). */
export function dealChanges(form: DealForm, row?: Record<string, unknown>): Partial<DealValues> {
  const next = dealValuesOf(form);
  const before = row ? dealOf(row) : undefined;
  const changes: Partial<DealValues> = {};
  for (const key of Object.keys(next) as (keyof DealValues)[]) {
    const value = next[key];
    if (before ? value !== before[key] : value !== null) Object.assign(changes, { [key]: value });
  }
  return changes;
}

/** Today's date (YYYY-MM-DD) on the device's clock: the default day a contract is signed. */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
