import { describe, expect, it } from 'vitest';
import {
  addressKey,
  checkRow,
  fieldOfHeader,
  findDuplicates,
  IMPORT_DEFAULTS,
  type ImportContext,
  rowValues,
  suggestMapping,
} from './leadImport.ts';

const ME = '0190a0b0-0000-7000-8000-000000000001';
const OTHER = '0190a0b0-0000-7000-8000-000000000002';
const ctx: ImportContext = {
  userId: ME,
  mayAssignOthers: false,
  users: [
    { _id: ME, name: 'Rita Rep', email: 'rep@demo.local' },
    { _id: OTHER, name: 'Mo Manager', email: 'manager@demo.local' },
  ],
};

const errorsOf = (check: ReturnType<typeof checkRow>) => (check.ok ? [] : check.errors);

describe('column mapping', () => {
  it('recognises the field list names case- and spacing-insensitively', () => {
    expect(fieldOfHeader('  ZIP code ')).toBe('zip');
    expect(fieldOfHeader('zip_code')).toBe('zip');
    expect(fieldOfHeader('Phone Number')).toBe('phone');
    expect(fieldOfHeader('PREFERRED_LANGUAGE')).toBe('preferred_language');
    expect(fieldOfHeader('FirstName')).toBe('first_name');
    expect(fieldOfHeader('Favourite colour')).toBeUndefined();
  });

  it('maps each field from its first column only and leaves unknown columns out', () => {
    expect(suggestMapping(['Name', 'Mobile', 'Cell', 'Shoe size', 'Address'])).toEqual([
      'name',
      'phone',
      null,
      null,
      'address',
    ]);
  });

  it('takes trimmed, non-empty cells of mapped columns', () => {
    expect(rowValues([' Ann Lee ', '', 'x'], ['name', 'phone', null])).toEqual({ name: 'Ann Lee' });
  });
});

describe('checking a row', () => {
  it('builds a lead with the spec defaults: english, owned by the importer, no new roof, empty status', () => {
    const check = checkRow(
      { name: 'Lee, Ann', phone: '(602) 555-0101', address: '12 Main Street, Phoenix, Arizona 85001' },
      ctx,
    );
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.lead).toMatchObject({
      name: 'Ann Lee',
      phone: '6025550101',
      address: '12 Main Street, Phoenix, AZ 85001',
      city: 'Phoenix',
      state: 'AZ',
      zip: '85001',
      preferred_language: IMPORT_DEFAULTS.preferred_language,
      new_roof: false,
      deal_stage_status: '',
      owner_id: ME,
      energy_consultants: [ME],
    });
  });

  it('reads yes/no, languages, credit scores, money and appointments', () => {
    const check = checkRow(
      {
        first_name: 'Jo',
        last_name: 'Diaz',
        preferred_language: 'ES',
        new_roof: 'Yes',
        credit_score: 'under 600',
        bill: '$1,234.50',
        appointment_date: '12/1/2026 9:30',
      },
      ctx,
    );
    expect(errorsOf(check)).toEqual([]);
    expect(check.ok && check.lead).toMatchObject({
      name: 'Jo Diaz',
      first_name: 'Jo',
      last_name: 'Diaz',
      preferred_language: 'spanish',
      new_roof: true,
      credit_score: 'Under 600',
      bill: 1234.5,
      appointment_date: '2026-12-01',
      appointment_time: '09:30',
    });
  });

  it('converts legacy pin statuses and numbered stage labels to today’s statuses', () => {
    expect(checkRow({ name: 'A B', status: 'first_knock' }, ctx)).toMatchObject({
      ok: true,
      lead: { deal_stage_status: 'Not Home 1' },
    });
    expect(checkRow({ name: 'A B', stage: '5 Closed Won' }, ctx)).toMatchObject({
      ok: true,
      lead: { deal_stage_status: 'Closed Won' },
    });
    expect(checkRow({ name: 'A B', deal_stage_status: 'not home 2' }, ctx)).toMatchObject({
      ok: true,
      lead: { deal_stage_status: 'Not Home 2' },
    });
    const legacy = checkRow({ name: 'A B', status: 'ghost' }, ctx);
    expect(legacy.ok && legacy.lead.status).toBeUndefined();
  });

  it('says a phone with letters is not a phone number, rather than counting its digits', () => {
    expect(errorsOf(checkRow({ name: 'A B', phone: '602-555-CALL' }, ctx))).toEqual([
      { field: 'phone', code: 'phoneNotANumber', params: { value: '602-555-CALL' } },
    ]);
    expect(errorsOf(checkRow({ name: 'A B', phone: '602-555-0199 CALL' }, ctx))).toEqual([
      { field: 'phone', code: 'phoneNotANumber', params: { value: '602-555-0199 CALL' } },
    ]);
    expect(checkRow({ name: 'A B', phone: '602-555-0199 ext 4' }, ctx)).toMatchObject({
      ok: true,
      lead: { phone: '6025550199' },
    });
  });

  it('reports each bad field with what to fix', () => {
    const check = checkRow(
      {
        phone: '555-0101',
        address: '12 Main Street, Phoenix, AZ 8500',
        preferred_language: 'French',
        new_roof: 'maybe',
        credit_score: '800',
        bill: 'lots',
        appointment_date: '2026-02-30',
        email: 'not-an-email',
      },
      ctx,
    );
    expect(errorsOf(check)).toEqual([
      { field: 'name', code: 'nameRequired' },
      { field: 'phone', code: 'phoneDigits', params: { max: 10, count: 7 } },
      {
        field: 'address',
        code: 'address',
        params: { message: 'The ZIP code must be 5 digits or ZIP+4 (12345-6789).' },
      },
      { field: 'appointment_date', code: 'date' },
      { field: 'preferred_language', code: 'language' },
      { field: 'new_roof', code: 'yesNo' },
      {
        field: 'credit_score',
        code: 'creditScore',
        params: { options: '700+, 640-700, Under 600, Not sure' },
      },
      { field: 'bill', code: 'number' },
      { field: 'email', code: 'email' },
    ]);
  });

  const EMAIL = { field: 'email', code: 'email' };
  it.each([
    [
      'a bad email beside a street left blank',
      {
        name: 'Ann Lee',
        email: 'ann@',
        city: 'Mesa',
        state: 'AZ',
        zip: '85201',
        deal_stage_status: 'Maybe Later',
      },
      [{ field: 'street', code: 'streetRequired' }, EMAIL],
    ],
    [
      'a bad email beside an address that cannot be read',
      { name: 'Ann Lee', email: 'ann@', address: 'somewhere' },
      [
        {
          field: 'address',
          code: 'address',
          params: {
            message: 'Unable to resolve address',
            reason: "Enter the address as 'street, city, STATE ZIP'.",
          },
        },
        EMAIL,
      ],
    ],
    [
      'no name, a phone with letters, a bad email and an owner not on the device',
      { phone: 'call me', email: 'nope', owner: 'nobody@x.test', address: '12 Main St, Phoenix, AZ 85001' },
      [
        { field: 'name', code: 'nameRequired' },
        { field: 'phone', code: 'phoneNotANumber', params: { value: 'call me' } },
        { field: 'owner', code: 'ownerUnknown', params: { owner: 'nobody@x.test' } },
        EMAIL,
      ],
    ],
    [
      'a short phone, a bad time, a bad email and a reference too long',
      { name: 'Ann Lee', phone: '555-01', appointment_time: '25:00', email: 'a@b', ref_id: 'x'.repeat(600) },
      [
        { field: 'phone', code: 'phoneDigits', params: { max: 10, count: 5 } },
        { field: 'appointment_time', code: 'time' },
        { field: 'ref_id', code: 'invalid', params: { message: 'must be at most 500 characters' } },
        EMAIL,
      ],
    ],
  ])('lists every problem of a row at once: %s', (_case, values, expected) => {
    expect(errorsOf(checkRow(values, ctx))).toEqual(expected);
  });

  it('checks the wire schema too: an email with its own hint, other limits with the schema’s words', () => {
    expect(errorsOf(checkRow({ name: 'Ann Lee', email: 'not-an-email' }, ctx))).toEqual([
      { field: 'email', code: 'email' },
    ]);
    expect(errorsOf(checkRow({ name: 'Ann Lee', referee: 'x'.repeat(600) }, ctx))).toEqual([
      { field: 'referee', code: 'invalid', params: { message: 'must be at most 500 characters' } },
    ]);
  });

  it('uses the spec text when only a street is given without a position', () => {
    expect(errorsOf(checkRow({ name: 'A B', street: '12 Main St' }, ctx))).toEqual([
      {
        field: 'street',
        code: 'address',
        params: { message: 'position are required when only street name is provided' },
      },
    ]);
    const located = checkRow(
      { name: 'A B', street: '12 Main St', latitude: '33.4', longitude: '-112.1' },
      ctx,
    );
    expect(located).toMatchObject({ ok: true, lead: { address: '12 Main St', coordinates: [-112.1, 33.4] } });
    expect(
      checkRow({ name: 'A B', street: '12 Main St', city: 'Phoenix', state: 'AZ', zip: '85001' }, ctx),
    ).toMatchObject({ ok: true, lead: { address: '12 Main St, Phoenix, AZ 85001' } });
    expect(errorsOf(checkRow({ name: 'A B', latitude: '95', longitude: '0' }, ctx))).toEqual([
      { field: 'longitude', code: 'coordinates' },
    ]);
  });

  it('lets a rep own only their own leads; Own and their email mean themselves', () => {
    expect(checkRow({ name: 'A B', owner: 'own' }, ctx)).toMatchObject({ ok: true, lead: { owner_id: ME } });
    expect(checkRow({ name: 'A B', owner: 'REP@demo.local' }, ctx)).toMatchObject({ ok: true });
    expect(errorsOf(checkRow({ name: 'A B', owner: 'manager@demo.local' }, ctx))).toEqual([
      { field: 'owner', code: 'ownerNotAllowed', params: { owner: 'manager@demo.local' } },
    ]);
    expect(errorsOf(checkRow({ name: 'A B', owner: 'nobody@x.com' }, ctx))).toEqual([
      { field: 'owner', code: 'ownerUnknown', params: { owner: 'nobody@x.com' } },
    ]);
    expect(checkRow({ name: 'A B', owner: 'Mo Manager' }, { ...ctx, mayAssignOthers: true })).toMatchObject({
      ok: true,
      lead: { owner_id: OTHER },
    });
  });

  it.each(['Rule', 'rule', 'REGLA'])(
    "imports a lead whose owner is '%s' without one, for its region's rule, the importer its energy consultant",
    (owner) => {
      expect(checkRow({ name: 'A B', owner }, ctx)).toMatchObject({
        ok: true,
        lead: { owner_id: null, energy_consultants: [ME] },
      });
    },
  );
});

describe('duplicates by address', () => {
  it('normalises spelling, state names, ZIP+4 and street words', () => {
    expect(addressKey('12 North Main Street, Phoenix, Arizona 85001-1234')).toBe(
      addressKey('12 N. Main St, PHOENIX, AZ 85001'),
    );
    expect(addressKey('')).toBeNull();
    expect(addressKey('12 Main St, Phoenix, AZ 85001')).not.toBe(addressKey('14 Main St, Phoenix, AZ 85001'));
  });

  it('flags rows matching a lead on the device, and later rows repeating an earlier one', () => {
    const a = addressKey('1 A St, Mesa, AZ 85201');
    const b = addressKey('2 B St, Mesa, AZ 85201');
    const existing = new Map([[b as string, 'Bo Existing']]);
    expect(findDuplicates([a, null, b, a, null], existing)).toEqual([
      undefined,
      undefined,
      { of: 'device', name: 'Bo Existing' },
      { of: 'file', index: 0 },
      undefined,
    ]);
  });
});

describe("a row's signed deal", () => {
  it('is read with the lead form’s rules: two of amount, size and price per watt give the third', () => {
    const check = checkRow(
      {
        name: 'Dee Deal',
        contract_amount: '$33,600.00',
        system_size_kw: '8.4',
        financing: 'loan',
        contract_signed_date: '11/3/2026',
        crc_date: '2026-11-10',
      },
      ctx,
    );
    expect(check).toMatchObject({
      ok: true,
      lead: {
        contract_amount: 33_600,
        system_size_kw: 8.4,
        price_per_watt: 4,
        financing: 'Loan',
        contract_signed_date: '2026-11-03',
        crc_date: '2026-11-10',
      },
    });
  });

  it.each([
    [{ contract_amount: 'lots' }, [{ field: 'contract_amount', code: 'number' }]],
    [{ system_size_kw: '2000' }, [{ field: 'system_size_kw', code: 'number' }]],
    [
      { financing: 'Barter' },
      [{ field: 'financing', code: 'financing', params: { options: 'Cash, Loan, Lease, PPA' } }],
    ],
    [
      { permit_filed: '2/30/2026', price_per_watt: '-3' },
      [
        { field: 'price_per_watt', code: 'number' },
        { field: 'permit_filed', code: 'date' },
      ],
    ],
  ])('%j lists every problem of the deal', (deal, expected) => {
    expect(errorsOf(checkRow({ name: 'Dee Deal', ...deal }, ctx))).toEqual(expected);
  });
});
