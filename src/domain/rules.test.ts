import { describe, expect, it } from 'vitest';
import { generateAddress, POSITION_REQUIRED, parseAddress, stateCode } from './address.ts';
import { splitAppointmentDate } from './appointmentDate.ts';
import {
  applyStageChange,
  applyStatusChange,
  DEFAULT_DEAL_STAGES,
  isDealStageList,
  stageOfStatus,
  statusColor,
} from './dealStages.ts';
import { nameColumns, parseName } from './personName.ts';
import { formatPhone, normalizePhone } from './phone.ts';
import { dealStageConfigSchema } from './schemas/dealStages.ts';

describe('deal stages', () => {
  it('has the four stage groups of the spec with their statuses', () => {
    expect(DEFAULT_DEAL_STAGES.map((s) => s.value)).toEqual(['Contact', 'Lead', 'Customer', 'Service']);
    expect(DEFAULT_DEAL_STAGES[0]?.options.map((o) => o.value)).toEqual([
      'Prospect',
      'Not Home 1',
      'Not Home 2',
      'Not Home 3',
      'Not Interested',
      'No Soliciting',
      'Come Back',
      'Disqualified',
      'Renter',
      'Moving',
      'For Sale',
      'Already Has Solar',
      'Older Customer',
    ]);
    expect(DEFAULT_DEAL_STAGES[1]?.options).toHaveLength(8);
    expect(DEFAULT_DEAL_STAGES[2]?.options).toHaveLength(15);
    expect(DEFAULT_DEAL_STAGES[3]?.options.map((o) => o.value)).toEqual(['Removal & Re-install']);
    expect(dealStageConfigSchema.safeParse(DEFAULT_DEAL_STAGES).success).toBe(true);
  });

  it('choosing a stage sets its first status', () => {
    expect(
      applyStageChange(
        DEFAULT_DEAL_STAGES,
        { deal_stage: 'Contact', deal_stage_status: 'Renter' },
        'Customer',
      ),
    ).toEqual({
      deal_stage: 'Customer',
      deal_stage_status: 'Contract Signed',
    });
  });

  it('choosing a status of another stage moves the stage; unknown statuses are allowed', () => {
    expect(
      applyStatusChange(DEFAULT_DEAL_STAGES, { deal_stage: 'Contact', deal_stage_status: '' }, 'CRC'),
    ).toEqual({
      deal_stage: 'Customer',
      deal_stage_status: 'CRC',
    });
    expect(
      applyStatusChange(DEFAULT_DEAL_STAGES, { deal_stage: 'Lead', deal_stage_status: '' }, 'Custom thing'),
    ).toEqual({
      deal_stage: 'Lead',
      deal_stage_status: 'Custom thing',
    });
    expect(stageOfStatus(DEFAULT_DEAL_STAGES, 'Nope')).toBeUndefined();
  });

  it('colours each status, with a neutral colour for unknown ones', () => {
    expect(statusColor(DEFAULT_DEAL_STAGES, 'Closed Won')).toMatch(/^#[0-9a-f]{6}$/);
    expect(statusColor(DEFAULT_DEAL_STAGES, 'Unknown')).toBe('#868e96');
  });

  it('rejects broken configurations with readable messages', () => {
    const dup = structuredClone(DEFAULT_DEAL_STAGES);
    dup[1]?.options.push({ ...(dup[0]?.options[0] as (typeof dup)[0]['options'][0]) });
    const result = dealStageConfigSchema.safeParse(dup);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/Prospect' appears in more than one place/);
    const badColour = structuredClone(DEFAULT_DEAL_STAGES);
    (badColour[0] as { color: string }).color = 'blue';
    expect(dealStageConfigSchema.safeParse(badColour).error?.issues[0]?.message).toMatch(/hex colour/);
    expect(dealStageConfigSchema.safeParse([]).success).toBe(false);
    expect(isDealStageList(DEFAULT_DEAL_STAGES)).toBe(true);
    expect(isDealStageList([])).toBe(false);
    expect(isDealStageList([{ value: 'Lead', options: [{ label: 'x' }] }])).toBe(false);
  });
});

describe('phone', () => {
  it('keeps digits only, at most 10, dropping a leading country code', () => {
    expect(normalizePhone('+1 (602) 555-0199')).toBe('6025550199');
    expect(normalizePhone('602.555.0199 ext 12')).toBe('6025550199');
    expect(normalizePhone('abc')).toBe('');
    expect(normalizePhone(null)).toBe('');
  });

  it('shows +1 (xxx) xxx-xxxx, progressively while typing', () => {
    expect(formatPhone('6025550199')).toBe('+1 (602) 555-0199');
    expect(formatPhone('602')).toBe('+1 (602');
    expect(formatPhone('60255')).toBe('+1 (602) 55');
    expect(formatPhone('')).toBe('');
  });
});

describe('names', () => {
  it("parses 'Last, First' and 'First … Last'", () => {
    expect(parseName('Garcia, Maria')).toEqual({
      firstName: 'Maria',
      lastName: 'Garcia',
      fullName: 'Maria Garcia',
      name: 'Maria Garcia',
    });
    expect(parseName('  Mary   Ann  Smith ')).toMatchObject({ firstName: 'Mary Ann', lastName: 'Smith' });
    expect(parseName('Cher')).toMatchObject({ firstName: 'Cher', lastName: '' });
    expect(parseName('')).toMatchObject({ firstName: '', lastName: '', fullName: '' });
  });

  it.each([
    ['Garcia, Maria', {}, { name: 'Maria Garcia', first_name: 'Maria', last_name: 'Garcia' }],
    // Stored once, read again the same: saving a name unchanged changes nothing.
    ['Maria Garcia', {}, { name: 'Maria Garcia', first_name: 'Maria', last_name: 'Garcia' }],
    ['Cher', {}, { name: 'Cher', first_name: 'Cher', last_name: null }],
    [
      'Garcia, Maria',
      { first_name: 'Mari' },
      { name: 'Maria Garcia', first_name: 'Mari', last_name: 'Garcia' },
    ],
    ['Garcia, Maria', { last_name: null }, { name: 'Maria Garcia', first_name: 'Maria', last_name: null }],
    [' , ', {}, { name: '', first_name: null, last_name: null }],
  ] as const)('stores %j (given %j) as %j', (name, given, stored) => {
    expect(nameColumns(name, given)).toEqual(stored);
  });
});

describe('addresses', () => {
  it("parses 'street, city, STATE ZIP' and converts full state names", () => {
    const parsed = parseAddress('4410 N 12th St, Phoenix, Arizona 85014-1234');
    expect(parsed).toEqual({
      ok: true,
      address: {
        original_address: '4410 N 12th St, Phoenix, Arizona 85014-1234',
        display_address: '4410 N 12th St, Phoenix, AZ 85014-1234',
        street: '4410 N 12th St',
        street_name: 'N 12th St',
        city: 'Phoenix',
        state: 'AZ',
        zip: '85014-1234',
      },
    });
    expect(stateCode('new york')).toBe('NY');
    expect(stateCode('az')).toBe('AZ');
  });

  it('refuses bad zips, unknown states and missing parts with a clear error', () => {
    expect(parseAddress('1 Main St, Phoenix, AZ 850')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/ZIP/),
    });
    expect(parseAddress('1 Main St, Phoenix, Narnia 85004')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not a US state/),
    });
    expect(parseAddress('1 Main St Phoenix AZ 85004')).toMatchObject({ ok: false });
  });

  it('needs a position to generate an address from a street alone', () => {
    expect(generateAddress({ street: '1 Main St' })).toEqual({ ok: false, error: POSITION_REQUIRED });
    expect(generateAddress({ street: '1 Main St', position: { lat: 33.4, lng: -112 } })).toMatchObject({
      ok: true,
      needsLookup: true,
    });
    expect(generateAddress({ street: '1 Main St', city: 'Phoenix', state: 'ZZ', zip: '85004' })).toEqual({
      ok: false,
      error: 'Unable to resolve address',
    });
  });
});

describe('appointment dates', () => {
  it('splits a date with a space into date and time', () => {
    expect(splitAppointmentDate('2026-12-01 14:30')).toEqual({ date: '2026-12-01', time: '14:30' });
    expect(splitAppointmentDate('2026-12-01T09:05:00Z')).toEqual({ date: '2026-12-01', time: '09:05' });
    expect(splitAppointmentDate('2026-12-01 9:05')).toEqual({ date: '2026-12-01', time: '09:05' });
    expect(splitAppointmentDate('2026-12-01')).toEqual({ date: '2026-12-01', time: '' });
  });
});
