import { describe, expect, it } from 'vitest';
import { POSITION_REQUIRED, UNABLE_TO_RESOLVE_ADDRESS } from './address.ts';
import { DEFAULT_DEAL_STAGES } from './dealStages.ts';
import {
  EMPTY_LEAD_MESSAGE,
  isBareStreet,
  isEmptyLead,
  leadProblems,
  leadRowAfterChange,
  normalizeLead,
} from './leadNormalization.ts';
import type { LeadAddInput } from './schemas/lead.ts';

const stages = DEFAULT_DEAL_STAGES;
const add = (input: Record<string, unknown>) => normalizeLead(input as LeadAddInput, { stages });
/** The normalised fields; an add that says nothing else about the lead gets an email, as a new lead needs something. */
const fieldsOf = (input: Record<string, unknown>, existing?: Record<string, unknown>) => {
  const change = existing || !isEmptyLead(input) ? input : { ...input, email: 'lead@example.com' };
  const result = normalizeLead(change as LeadAddInput, { stages, existing });
  if (!result.ok) throw new Error(result.error);
  return result.fields;
};

describe('one lead normalisation for device and server', () => {
  it('parses names both ways and keeps given first/last names', () => {
    expect(fieldsOf({ name: 'Garcia, Maria' })).toMatchObject({
      name: 'Maria Garcia',
      first_name: 'Maria',
      last_name: 'Garcia',
    });
    expect(fieldsOf({ name: 'Maria de la Garcia' })).toMatchObject({
      first_name: 'Maria de la',
      last_name: 'Garcia',
    });
    expect(fieldsOf({ first_name: 'Jo', last_name: 'Diaz' })).toMatchObject({ name: 'Jo Diaz' });
    // An edit of one part keeps the other.
    expect(fieldsOf({ first_name: 'Ann' }, { first_name: 'Maria', last_name: 'Garcia' })).toMatchObject({
      name: 'Ann Garcia',
    });
  });

  it('keeps phone digits, upper-cases states and splits appointment dates', () => {
    expect(fieldsOf({ phone: '+1 (602) 555-0199' }).phone).toBe('6025550199');
    expect(fieldsOf({ state: ' az ' }).state).toBe('AZ');
    expect(fieldsOf({ state: 'arizona' }).state).toBe('AZ');
    expect(fieldsOf({ appointment_date: '2026-12-01 9:30' })).toMatchObject({
      appointment_date: '2026-12-01',
      appointment_time: '09:30',
    });
    expect(fieldsOf({ appointment_date: '2026-12-01' })).toMatchObject({ appointment_date: '2026-12-01' });
    expect(fieldsOf({ appointment_date: '2026-12-01' }).appointment_time).toBeUndefined();
  });

  it.each([
    [
      'an add with amount and size',
      { contract_amount: 33_600, system_size_kw: 8.4 },
      undefined,
      [33_600, 8.4, 4],
    ],
    [
      'an add with size and price',
      { system_size_kw: 7.2, price_per_watt: 3.15 },
      undefined,
      [22_680, 7.2, 3.15],
    ],
    [
      'an edit of the size of a deal with an amount',
      { system_size_kw: 10 },
      { contract_amount: 30_000 },
      [undefined, 10, 3],
    ],
    [
      'an edit of a deal with all three changes only what it gives',
      { system_size_kw: 10 },
      { contract_amount: 30_000, system_size_kw: 8, price_per_watt: 3.75 },
      [undefined, 10, undefined],
    ],
    [
      'one figure alone gives nothing',
      { contract_amount: 12_500.5 },
      undefined,
      [12_500.5, undefined, undefined],
    ],
  ])('completes a deal as the device does: %s', (_name, change, existing, expected) => {
    const fields = fieldsOf({ name: 'Ada Deal', ...change }, existing);
    expect([fields.contract_amount, fields.system_size_kw, fields.price_per_watt]).toEqual(expected);
  });

  it('applies the spec’s address rules with its texts', () => {
    expect(fieldsOf({ address: '4410 N 12th St, phoenix, arizona 85014-1234' })).toMatchObject({
      address: '4410 N 12th St, phoenix, AZ 85014-1234',
      street: '4410 N 12th St',
      city: 'phoenix',
      state: 'AZ',
      zip: '85014-1234',
    });
    expect(add({ address: '12 Main St' })).toEqual({ ok: false, field: 'address', error: POSITION_REQUIRED });
    expect(add({ address: 'nowhere' })).toMatchObject({ ok: false, error: UNABLE_TO_RESOLVE_ADDRESS });
    expect(add({ address: '12 Main St, Phoenix' })).toMatchObject({
      ok: false,
      error: UNABLE_TO_RESOLVE_ADDRESS,
    });
    expect(add({ street: '12 Main St' })).toEqual({ ok: false, field: 'street', error: POSITION_REQUIRED });
    expect(add({ street: '12 Main St', city: 'Phoenix', state: 'AZ', zip: '8500' })).toMatchObject({
      ok: false,
      error: UNABLE_TO_RESOLVE_ADDRESS,
    });
    const located = fieldsOf({ address: '12 Main St', coordinates: [-112.1, 33.4] });
    expect(located).toMatchObject({
      address: '12 Main St',
      street: '12 Main St',
      coordinates: [-112.1, 33.4],
      address_obj: {
        display_address: '12 Main St',
        coordinates: [-112.1, 33.4],
        position: { lat: 33.4, lng: -112.1 },
      },
    });
    expect(
      fieldsOf({ address: '12 Main St', address_obj: { position: { lat: 33.4, lng: -112.1 } } }),
    ).toMatchObject({ address: '12 Main St', coordinates: [-112.1, 33.4] });
    // An edit of a lead that already has a position may give a bare street.
    expect(fieldsOf({ address: '12 Main St' }, { coordinates: [-112.1, 33.4] })).toMatchObject({
      address: '12 Main St',
    });
    expect(fieldsOf({ street: '12 Main St', city: 'Phoenix', state: 'az', zip: '85001' })).toMatchObject({
      address: '12 Main St, Phoenix, AZ 85001',
    });
    // Resending the address a lead already has changes nothing, even one stored before the rules.
    expect(fieldsOf({ address: 'nowhere', phone: '6025550100' }, { address: 'nowhere' })).toMatchObject({
      address: 'nowhere',
      phone: '6025550100',
    });
    // Clearing the address needs no rule.
    expect(fieldsOf({ address: '' })).toMatchObject({ address: '' });
    expect(isBareStreet('County Road 5')).toBe(true);
    expect(isBareStreet('nowhere')).toBe(false);
  });

  it('upgrades older statuses and keeps stage and status consistent', () => {
    expect(fieldsOf({ status: 'second_knock' })).toMatchObject({
      deal_stage_status: 'Not Home 2',
      deal_stage: 'Contact',
      status: 'second_knock',
    });
    expect(fieldsOf({ stage: '5 Closed Won' })).toMatchObject({
      deal_stage_status: 'Closed Won',
      deal_stage: 'Lead',
    });
    expect(fieldsOf({ deal_stage_status: 'not home 1' })).toMatchObject({ deal_stage_status: 'Not Home 1' });
    const row = { deal_stage: 'Contact', deal_stage_status: 'Prospect' };
    const stage = normalizeLead({ deal_stage: 'Customer' }, { stages, existing: row });
    expect(stage).toMatchObject({
      ok: true,
      fields: { deal_stage: 'Customer', deal_stage_status: 'Contract Signed' },
      derived: ['deal_stage_status'],
    });
    const status = normalizeLead({ deal_stage_status: 'Follow Up' }, { stages, existing: row });
    expect(status).toMatchObject({ ok: true, fields: { deal_stage: 'Lead' }, derived: ['deal_stage'] });
    expect(fieldsOf({ deal_stage_status: 'Come Back' }, row)).toMatchObject({ deal_stage: 'Contact' });
  });

  it('gives an add the spec’s defaults and is idempotent', () => {
    const first = normalizeLead({ name: 'Pat Doe' }, { stages, userId: 'u1' });
    expect(first).toMatchObject({
      ok: true,
      fields: {
        deal_stage_status: '',
        preferred_language: 'english',
        energy_consultants: ['u1'],
        coordinates: null,
        address_obj: { display_address: '', coordinates: null, position: null },
      },
    });
    const input = {
      name: 'Garcia, Maria',
      phone: '(602) 555-0199 ext 12',
      address: '4410 N 12th St, Phoenix, Arizona 85014',
      appointment_date: '2026-12-01 14:30',
      status: 'first_knock',
      coordinates: [-112.05, 33.5],
    };
    const once = fieldsOf(input);
    const { address_obj: _obj, ...again } = once;
    expect(fieldsOf(again)).toEqual(once);
  });

  it('applies a queued change to the device row, and only its other fields when the address fails', () => {
    const row = {
      _id: 'a',
      name: 'Old Name',
      address: 'x',
      deal_stage: 'Contact',
      deal_stage_status: 'Prospect',
    };
    expect(
      leadRowAfterChange(row, { _id: 'a', base_versions: {}, name: 'Lee, Ann' }, { stages }),
    ).toMatchObject({
      _id: 'a',
      name: 'Ann Lee',
      first_name: 'Ann',
      address: 'x',
    });
    const failed = leadRowAfterChange(row, { _id: 'a', name: 'Bo Bell', address: 'nowhere' }, { stages });
    expect(failed).toMatchObject({ name: 'Bo Bell', address: 'x' });
    // A phone the rules refuse (queued by an older app) is left out too, and so is a bad address.
    const both = leadRowAfterChange(
      { ...row, phone: '6025550100' },
      { _id: 'a', name: 'Cy Cole', phone: '602-555-CALL', address: 'nowhere' },
      { stages },
    );
    expect(both).toMatchObject({ name: 'Cy Cole', phone: '6025550100', address: 'x' });
  });

  it('stores a short phone as typed, also from its display with the +1', () => {
    expect(fieldsOf({ phone: '+1 (602) 555' }).phone).toBe('602555');
    expect(fieldsOf({ phone: '602555' }).phone).toBe('602555');
  });

  it('refuses a phone with letters or more than 10 digits, saying which', () => {
    expect(add({ name: 'P One', phone: '602-555-CALL' })).toMatchObject({
      ok: false,
      field: 'phone',
      error:
        "'602-555-CALL' is not a phone number: it has letters. Write its digits; spaces, dashes, dots, brackets, a leading +1 and an extension such as ext 12 may stay.",
      phone: { code: 'notANumber', value: '602-555-CALL' },
    });
    expect(add({ phone: '602 555 01999' })).toMatchObject({
      ok: false,
      field: 'phone',
      error: 'A phone number has at most 10 digits.',
    });
    // An edit that leaves the phone alone is not held up by it.
    expect(fieldsOf({ name: 'Al Ames' }, { phone: '602555019999' })).toMatchObject({ name: 'Al Ames' });
  });

  it('lists every problem of a change, phone then address, as normalizeLead refuses the first', () => {
    const change = {
      name: 'Pat Pinned',
      phone: '602-555-CALL',
      address: 'nowhere',
      coordinates: [-112.9, 34.2],
    };
    const problems = leadProblems(change as LeadAddInput);
    expect(problems.map((p) => [p.field, p.error])).toEqual([
      [
        'phone',
        "'602-555-CALL' is not a phone number: it has letters. Write its digits; spaces, dashes, dots, brackets, a leading +1 and an extension such as ext 12 may stay.",
      ],
      ['address', UNABLE_TO_RESOLVE_ADDRESS],
    ]);
    expect(add(change)).toMatchObject({ ok: false, field: 'phone' });
    // A bare street is fine at a position, not without one; an unchanged address is not checked.
    expect(leadProblems({ address: '12 Desert Rd', coordinates: [-112.9, 34.2] } as LeadAddInput)).toEqual(
      [],
    );
    expect(leadProblems({ address: '12 Desert Rd' } as LeadAddInput)).toMatchObject([
      { field: 'address', error: POSITION_REQUIRED },
    ]);
    expect(
      leadProblems({ address: 'nowhere' } as LeadAddInput, { existing: { address: 'nowhere' } }),
    ).toEqual([]);
    expect(leadProblems({ phone: '(602) 555-0199', address: '' } as LeadAddInput)).toEqual([]);
  });
});

describe('a new lead says who or where it is', () => {
  it.each([
    [{}, true],
    [{ name: '' }, true],
    [{ name: '   ', phone: '', email: '', address: '  ' }, true],
    [{ phone: '() -' }, true],
    [{ city: 'Phoenix', state: 'AZ', zip: '85004' }, true],
    [{ deal_stage_status: 'contact', preferred_language: 'spanish', new_roof: true }, true],
    [{ coordinates: null, address_obj: null }, true],
    [{ address_obj: { display_address: ' ' } }, true],
    [{ name: 'Rita Own' }, false],
    [{ first_name: 'Rita' }, false],
    [{ last_name: 'Own' }, false],
    [{ phone: '602-555-0100' }, false],
    [{ email: 'rita@example.com' }, false],
    [{ address: '1 Main St, Phoenix, AZ 85004' }, false],
    [{ street: '1 Main St' }, false],
    [{ address_obj: { display_address: '1 Main St' } }, false],
    [{ coordinates: [-112.07, 33.45] }, false],
    [{ address_obj: { position: { lat: 33.45, lng: -112.07 } } }, false],
  ])('%j → empty: %s', (fields, expected) => {
    expect(isEmptyLead(fields)).toBe(expected);
  });

  it('an add with nothing in it is refused, an edit is not; a pin on the map is enough', () => {
    expect(normalizeLead({} as LeadAddInput, { stages })).toEqual({
      ok: false,
      field: 'name',
      error: EMPTY_LEAD_MESSAGE,
    });
    expect(normalizeLead({ name: '  ', phone: '' } as LeadAddInput, { stages }).ok).toBe(false);
    expect(normalizeLead({ coordinates: [-112.07, 33.45] } as LeadAddInput, { stages }).ok).toBe(true);
    expect(normalizeLead({ email: 'rita@example.com' } as LeadAddInput, { stages }).ok).toBe(true);
    expect(normalizeLead({} as LeadAddInput, { stages, existing: { name: '' } }).ok).toBe(true);
  });
});
