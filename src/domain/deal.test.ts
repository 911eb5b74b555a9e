import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  completeDeal,
  type DealForm,
  type DealValues,
  dealChanges,
  dealFormOf,
  dealOf,
  dealProblems,
  dealValuesOf,
  EMPTY_DEAL_FORM,
  financingOf,
  fromCents,
  localDay,
  toCents,
  typedNumber,
} from './deal.ts';

const form = (over: Partial<DealForm>): DealForm => ({ ...EMPTY_DEAL_FORM, ...over });
const NO_DEAL: DealValues = dealValuesOf(EMPTY_DEAL_FORM);

describe('typedNumber', () => {
  it.each([
    ['', 2, null],
    ['  ', 2, null],
    ['12500', 2, 12500],
    ['12,500.50', 2, 12500.5],
    ['$ 12,500.5', 2, 12500.5],
    ['7.25', 3, 7.25],
    ['3.1234', 4, 3.1234],
    ['12.345', 2, undefined],
    ['-5', 2, undefined],
    ['1e3', 2, undefined],
    ['abc', 2, undefined],
    ['12.', 2, undefined],
    ['.5', 2, undefined],
  ] as const)('%j with %i decimals is %j', (typed, decimals, expected) => {
    expect(typedNumber(typed, decimals)).toBe(expected);
  });
});

describe('dealProblems', () => {
  it.each([
    [{}, {}],
    [{ contract_amount: '42,000.00', system_size_kw: '8.4', price_per_watt: '5' }, {}],
    [{ contract_amount: '42000.005' }, { contract_amount: 'amount' }],
    [{ contract_amount: '2000000000' }, { contract_amount: 'amount' }],
    [{ system_size_kw: '1000.5' }, { system_size_kw: 'size' }],
    [{ system_size_kw: 'eight' }, { system_size_kw: 'size' }],
    [{ price_per_watt: '420' }, { price_per_watt: 'price' }],
    [{ financing: 'Barter' }, { financing: 'financing' }],
    [{ financing: 'loan' }, {}],
    [{ contract_signed_date: '2026-02-30' }, { contract_signed_date: 'date' }],
    [
      { crc_date: '11/28/2026', permit_filed: 'soon', contract_amount: 'x' },
      { crc_date: 'date', permit_filed: 'date', contract_amount: 'amount' },
    ],
  ] as const)('%j → %j', (typed, expected) => {
    expect(dealProblems(form(typed))).toEqual(expected);
  });
});

describe('completeDeal', () => {
  it.each([
    // amount from size and price per watt, to the cent
    [{ system_size_kw: 8.4, price_per_watt: 3.15 }, { contract_amount: 26460 }],
    [{ system_size_kw: 6.615, price_per_watt: 2.9999 }, { contract_amount: 19844.34 }],
    // price per watt from amount and size
    [{ contract_amount: 26460, system_size_kw: 8.4 }, { price_per_watt: 3.15 }],
    [{ contract_amount: 10000, system_size_kw: 3 }, { price_per_watt: 3.3333 }],
    // a zero size gives no price per watt
    [{ contract_amount: 10000, system_size_kw: 0 }, { price_per_watt: null }],
    // all three: kept as typed, even when they disagree (adders, discounts)
    [
      { contract_amount: 30000, system_size_kw: 8, price_per_watt: 3.5 },
      { contract_amount: 30000, price_per_watt: 3.5 },
    ],
    // one alone: nothing to work out
    [{ contract_amount: 30000 }, { system_size_kw: null, price_per_watt: null }],
  ] as const)('%j gives %j', (given, expected) => {
    expect(completeDeal({ ...NO_DEAL, ...given })).toMatchObject(expected);
  });
});

describe('dealValuesOf and dealFormOf', () => {
  it('reads a typed deal into stored values and back', () => {
    const values = dealValuesOf(
      form({
        contract_amount: '$31,250.00',
        system_size_kw: '7.5',
        financing: 'lease',
        contract_signed_date: '2026-11-20',
        install_ready_date: ' ',
      }),
    );
    expect(values).toEqual({
      ...NO_DEAL,
      contract_amount: 31250,
      system_size_kw: 7.5,
      price_per_watt: 4.1667,
      financing: 'Lease',
      contract_signed_date: '2026-11-20',
    });
    expect(dealFormOf({ ...values, name: 'x' })).toEqual(
      form({
        contract_amount: '31250',
        system_size_kw: '7.5',
        price_per_watt: '4.1667',
        financing: 'Lease',
        contract_signed_date: '2026-11-20',
      }),
    );
  });

  it('reads what a stored contact carries, ignoring what is not a deal value', () => {
    expect(
      dealOf({ contract_amount: '12', system_size_kw: Number.NaN, financing: 'PPA', crc_date: 5 }),
    ).toEqual({ ...NO_DEAL, financing: 'PPA' });
    expect(financingOf(' cash ')).toBe('Cash');
    expect(financingOf(undefined)).toBeNull();
  });
});

describe('dealChanges', () => {
  const stored = { contract_amount: 20000, system_size_kw: 5, price_per_watt: 4, financing: 'Cash' };
  it.each([
    ['nothing changed', dealFormOf(stored), {}],
    [
      'a new amount keeps the stored price',
      { ...dealFormOf(stored), contract_amount: '21000' },
      { contract_amount: 21000 },
    ],
    ['a cleared financing', { ...dealFormOf(stored), financing: '' }, { financing: null }],
    ['a date set', { ...dealFormOf(stored), crc_date: '2026-11-02' }, { crc_date: '2026-11-02' }],
  ] as const)('%s', (_, typed, expected) => {
    expect(dealChanges(typed, stored)).toEqual(expected);
  });

  it('a new contact sends only the set fields', () => {
    expect(dealChanges(form({ system_size_kw: '6', price_per_watt: '3' }))).toEqual({
      contract_amount: 18000,
      system_size_kw: 6,
      price_per_watt: 3,
    });
  });
});

describe('money in cents', () => {
  it('sums amounts of two decimals exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000_000 }), { maxLength: 200 }), (centsList) => {
        const amounts = centsList.map(fromCents);
        const total = amounts.reduce((sum, a) => sum + toCents(a), 0);
        expect(total).toBe(centsList.reduce((a, b) => a + b, 0));
      }),
    );
  });
});

describe('localDay', () => {
  it('is the date on the device clock', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
