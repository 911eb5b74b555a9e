/**
 * One lead normalisation (src/domain/leadNormalization.ts) on the device and the server: the same
 * change gives the same row through the device's path (the shared function applied to its row)
 * and through the real server (leads/add or leads/edit, then leads/get); an address the spec's
 * rules cannot resolve is refused with the spec's text everywhere — leads/add, leads/edit, sync
 * mutations and CSV-imported rows — and nothing is written.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contacts } from '#server/db/schema.ts';
import { POSITION_REQUIRED, UNABLE_TO_RESOLVE_ADDRESS } from '#src/domain/address.ts';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import { checkRow, type ImportContext } from '#src/domain/leadImport.ts';
import { type LeadFields, leadRowAfterChange, normalizeLead } from '#src/domain/leadNormalization.ts';
import { type LeadAddInput, leadAddSchema, leadEditSchema } from '#src/domain/schemas/lead.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Lead = Record<string, unknown> & { _id: string };

const FULL = '4410 N 12th St, Phoenix, AZ 85014';
const AT: [number, number] = [-112.05, 33.5];

/** Adds: each input goes to the device path and to leads/add. */
const ADDS: [label: string, input: Record<string, unknown>][] = [
  ['name Last, First', { name: 'Garcia, Maria' }],
  ['name with particles', { name: 'Maria de la Garcia' }],
  ['first and last only', { first_name: 'Jo', last_name: 'Diaz' }],
  ['phone with letters', { name: 'P One', phone: '602-555-CALL' }],
  ['phone with +1', { name: 'P Two', phone: '+1 (602) 555-0199' }],
  ['phone with extension', { name: 'P Three', phone: '602.555.0199 ext 12' }],
  ['phone with +1 and extension', { name: 'P Four', phone: '+1 602 555 0199 x7' }],
  ['short phone as its display shows it', { name: 'P Five', phone: '+1 (602) 555' }],
  ['short phone', { name: 'P Six', phone: '602555' }],
  ['phone too long', { name: 'P Seven', phone: '602 555 01999' }],
  ['full address', { name: 'A One', address: FULL, coordinates: AT }],
  ['lower-case state', { name: 'A Two', address: '4410 N 12th St, Phoenix, az 85014' }],
  ['full state name', { name: 'A Three', address: '4410 N 12th St, Phoenix, Arizona 85014' }],
  ['ZIP+4', { name: 'A Four', address: '4410 N 12th St, Phoenix, AZ 85014-1234' }],
  ['bare street at coordinates', { name: 'A Five', address: '12 Main St', coordinates: AT }],
  [
    'bare street at an address_obj position',
    { name: 'A Six', address: '12 Main St', address_obj: { position: { lat: 33.5, lng: -112.05 } } },
  ],
  ['bare street without a position', { name: 'A Seven', address: '12 Main St' }],
  ['nowhere', { name: 'A Eight', address: 'nowhere' }],
  ['street field without a position', { name: 'A Nine', street: '12 Main St' }],
  [
    'street with its parts',
    { name: 'A Ten', street: '12 Main St', city: 'Mesa', state: 'arizona', zip: '85201' },
  ],
  ['state alone', { name: 'S One', state: 'az' }],
  ['appointment with time', { name: 'D One', appointment_date: '2026-12-01 14:30' }],
  ['appointment ISO with time', { name: 'D Two', appointment_date: '2026-12-01T09:05' }],
  ['appointment without time', { name: 'D Three', appointment_date: '2026-12-01' }],
  ['legacy pin status', { name: 'L One', status: 'first_knock' }],
  ['legacy stage label', { name: 'L Two', stage: '5 Closed Won' }],
  ['legacy status value', { name: 'L Three', deal_stage_status: 'contract_received_confirmed' }],
  ['status in other case', { name: 'L Four', deal_stage_status: 'not home 2' }],
  ['stage only', { name: 'L Five', deal_stage: 'Customer' }],
  ['status only', { name: 'L Six', deal_stage_status: 'Follow Up' }],
  ['stage and status of another stage', { name: 'L Seven', deal_stage: 'Lead', deal_stage_status: 'Renter' }],
];

const BASE = { name: 'Base Lead', deal_stage_status: 'Prospect', address: FULL, coordinates: AT };
const UNPLACED = { name: 'Unplaced Lead', deal_stage_status: 'Prospect', address: FULL };

/** Edits of a lead added with `base`: the device edits the row it pulled, the server its row. */
const EDITS: [label: string, base: Record<string, unknown>, edit: Record<string, unknown>][] = [
  ['stage only', BASE, { deal_stage: 'Customer' }],
  ['status only', BASE, { deal_stage_status: 'Follow Up' }],
  ['same status', BASE, { deal_stage_status: 'Prospect', email: 'same@example.com' }],
  ['legacy pin status', BASE, { status: 'ghost' }],
  ['first name only', BASE, { first_name: 'Ann' }],
  ['name Last, First', BASE, { name: 'Garcia, Maria' }],
  ['phone', BASE, { phone: '+1 602 555 0123 ext. 9' }],
  ['short phone as its display shows it', BASE, { phone: '+1 (480) 555' }],
  ['phone with letters', BASE, { phone: '480-555-SOLAR' }],
  ['bare street at the lead’s position', BASE, { address: '12 Elm St' }],
  ['bare street, no position', UNPLACED, { address: '12 Elm St' }],
  ['nowhere', BASE, { address: 'nowhere' }],
  ['new full address', UNPLACED, { address: '1 W Main St, Mesa, arizona 85201-1234' }],
  ['street only, keeps city/state/zip', UNPLACED, { street: '77 Oak Ave' }],
  ['position cleared', BASE, { coordinates: null }],
  ['position given', UNPLACED, { address_obj: { position: { lat: 33.4, lng: -111.9 } } }],
  ['appointment with time', BASE, { appointment_date: '2026-12-02 8:15' }],
  ['state', BASE, { state: 'texas' }],
];

describe.each(testDatabaseKinds())('lead normalisation on %s', (kind) => {
  const t = useApiWorld(kind, ['rep', 'admin']);
  const stages = DEFAULT_DEAL_STAGES;

  const countContacts = async () => (await t.tdb.handle.db.select({ id: contacts.id }).from(contacts)).length;
  const post = (path: string, body: unknown) =>
    t.api.call('POST', `/api/v2/leads/${path}`, { token: t.tokens.rep, body });
  const getLead = async (id: string) => {
    const res = await t.api.call('GET', `/api/v2/leads/get?ids=${id}`, { token: t.tokens.rep });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as Lead[])[0];
  };
  const addOnServer = async (input: Record<string, unknown>) => {
    const id = randomUUID();
    const res = await post('add', { ...input, id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (await getLead(id)) as Lead;
  };
  /** The fields both keep: those the shared function answers for the change. */
  const expectSame = (label: string, device: LeadFields, server: Lead, keys: string[]) => {
    for (const key of keys) expect(server[key] ?? null, `${label}: ${key}`).toEqual(device[key] ?? null);
  };

  it('gives the same row on the device and the server for every add', async () => {
    const userId = t.world.users.rep.id;
    for (const [label, input] of ADDS) {
      const parsed = leadAddSchema.parse(input) as LeadAddInput;
      const checked = normalizeLead(parsed, { stages, userId });
      const id = randomUUID();
      const res = await post('add', { ...input, id });
      if (!checked.ok) {
        // Refused alike: the device never queues it, the server answers the same text.
        expect(res.status, label).toBe(400);
        expect(res.body.message, label).toBe(checked.error);
        expect(await getLead(id), label).toBeUndefined();
        continue;
      }
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(201);
      const device = leadRowAfterChange(undefined, parsed, { stages, userId });
      const server = (await getLead(id)) as Lead;
      expect(Object.keys(device).sort(), label).toEqual(Object.keys(checked.fields).sort());
      expectSame(label, device, server, Object.keys(checked.fields));
    }
  });

  it('gives the same row on the device and the server for every edit', async () => {
    for (const [label, base, edit] of EDITS) {
      const pulled = await addOnServer(base);
      const parsed = leadEditSchema.parse({ ...edit, _id: pulled._id });
      const checked = normalizeLead(parsed, { stages, existing: pulled });
      const res = await post('edit', { ...edit, _id: pulled._id });
      if (!checked.ok) {
        expect(res.status, label).toBe(400);
        expect(res.body.message, label).toBe(checked.error);
        expect(await getLead(pulled._id), label).toEqual(pulled);
        continue;
      }
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(200);
      const device = leadRowAfterChange(pulled, { ...parsed, base_versions: {} }, { stages });
      const server = (await getLead(pulled._id)) as Lead;
      expectSame(label, device, server, Object.keys(checked.fields));
      // The device's row is the pulled row with the change: nothing else moved on the server.
      for (const key of ['owner_id', 'team_id', 'energy_consultants', 'created_by']) {
        expect(server[key], `${label}: ${key}`).toEqual(device[key]);
      }
    }
  });

  it('refuses an address the spec cannot resolve on leads/add and leads/edit, writing nothing', async () => {
    const before = await countContacts();
    const refused: [Record<string, unknown>, string][] = [
      [{ name: 'Nowhere Ned', address: 'nowhere' }, UNABLE_TO_RESOLVE_ADDRESS],
      [{ name: 'Half Hal', address: '12 Main St, Phoenix' }, UNABLE_TO_RESOLVE_ADDRESS],
      [{ name: 'Bare Bea', address: '12 Main St' }, POSITION_REQUIRED],
      [{ name: 'Street Sam', street: '12 Main St' }, POSITION_REQUIRED],
    ];
    for (const [body, message] of refused) {
      const res = await post('add', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await countContacts()).toBe(before);

    const placed = await post('add', { name: 'Placed Pat', address: '12 Main St', coordinates: AT });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data).toMatchObject({ address: '12 Main St', street: '12 Main St', coordinates: AT });
    const parsed = await post('add', {
      name: 'Parsed Pam',
      address: '4410 N 12th St, Phoenix, arizona 85014-1234',
    });
    expect(parsed.body.data).toMatchObject({
      address: '4410 N 12th St, Phoenix, AZ 85014-1234',
      street: '4410 N 12th St',
      city: 'Phoenix',
      state: 'AZ',
      zip: '85014-1234',
    });

    // The fixture lead has an address and no position.
    const lead = t.world.contacts.repOwn;
    const stored = await getLead(lead);
    for (const [address, message] of [
      ['nowhere', UNABLE_TO_RESOLVE_ADDRESS],
      ['5 Elm St', POSITION_REQUIRED],
    ] as const) {
      const res = await post('edit', { _id: lead, address, name: 'Renamed Too' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await getLead(lead)).toEqual(stored);
    expect(await countContacts()).toBe(before + 2);
  });

  it('refuses a phone that is not a number alike on leads/add, leads/edit and sync; keeps a short one as typed', async () => {
    const before = await countContacts();
    const notANumber =
      "'602-555-CALL' is not a phone number: it has letters. Write its digits; spaces, dashes, dots, brackets, a leading +1 and an extension such as ext 12 may stay.";
    const added = await post('add', { name: 'Call Me', phone: '602-555-CALL' });
    expect(added.status).toBe(400);
    expect(added.body.message).toBe(notANumber);
    const lead = t.world.contacts.repOwn;
    const stored = await getLead(lead);
    const edited = await post('edit', { _id: lead, phone: '602-555-CALL' });
    expect(edited.status).toBe(400);
    expect(edited.body.message).toBe(notANumber);
    expect(await getLead(lead)).toEqual(stored);
    expect(await countContacts()).toBe(before);

    const [refused, short] = [randomUUID(), randomUUID()];
    const res = await pushMutations(t.api, t.tokens.rep, [
      { name: 'lead.add.v1', args: { id: refused, name: 'Sync Letters', phone: '602-555-CALL' } },
      { name: 'lead.add.v1', args: { id: short, name: 'Sync Short', phone: '+1 (602) 555' } },
    ]);
    const results = res.body.results as MutationResults;
    expect(results.map((r) => [r.status, r.message ?? null])).toEqual([
      ['rejected', notANumber],
      ['applied', null],
    ]);
    expect(await getLead(refused)).toBeUndefined();
    expect(await getLead(short)).toMatchObject({ phone: '602555' });
  });

  it('rejects sync mutations with an unresolvable address, with the spec’s text, and applies those behind', async () => {
    const [good, placed, edited] = [randomUUID(), randomUUID(), randomUUID()];
    const seeded = await post('add', { id: edited, name: 'Sync Edit', address: FULL });
    expect(seeded.status).toBe(201);
    const res = await pushMutations(t.api, t.tokens.rep, [
      { name: 'lead.add.v1', args: { id: randomUUID(), name: 'Sync Nowhere', address: 'nowhere' } },
      { name: 'lead.add.v1', args: { id: randomUUID(), name: 'Sync Bare', address: '9 Elm St' } },
      { name: 'lead.add.v1', args: { id: good, name: 'Sync Good', address: FULL } },
      { name: 'lead.add.v1', args: { id: placed, name: 'Sync Placed', street: '9 Elm St', coordinates: AT } },
      { name: 'lead.edit.v1', args: { _id: edited, address: 'nowhere', base_versions: {} } },
      { name: 'lead.edit.v1', args: { _id: edited, phone: '+1 602 555 0111', base_versions: {} } },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const results = res.body.results as MutationResults;
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      'rejected',
      'applied',
      'applied',
      'rejected',
      'applied',
    ]);
    expect(results.map((r) => r.message ?? null)).toEqual([
      UNABLE_TO_RESOLVE_ADDRESS,
      POSITION_REQUIRED,
      null,
      null,
      UNABLE_TO_RESOLVE_ADDRESS,
      null,
    ]);
    expect(await getLead(good)).toMatchObject({ city: 'Phoenix', state: 'AZ', zip: '85014' });
    expect(await getLead(placed)).toMatchObject({ address: '9 Elm St', coordinates: AT });
    expect(await getLead(edited)).toMatchObject({ address: FULL, phone: '6025550111' });
  });

  it('refuses CSV rows with the same texts on the device; the rows it accepts are stored as checked', async () => {
    const ctx: ImportContext = { userId: t.world.users.rep.id, mayAssignOthers: false, users: [] };
    expect(checkRow({ name: 'Csv Nowhere', address: 'nowhere' }, ctx)).toMatchObject({
      ok: false,
      errors: [{ field: 'address', code: 'address', params: { message: UNABLE_TO_RESOLVE_ADDRESS } }],
    });
    expect(checkRow({ name: 'Csv Bare', address: '9 Elm St' }, ctx)).toMatchObject({
      ok: false,
      errors: [{ field: 'address', code: 'address', params: { message: POSITION_REQUIRED } }],
    });
    expect(checkRow({ name: 'Csv Street', street: '9 Elm St' }, ctx)).toMatchObject({
      ok: false,
      errors: [{ field: 'street', code: 'address', params: { message: POSITION_REQUIRED } }],
    });
    const rows = [
      { name: 'Garcia, Csv', phone: '+1 (602) 555-0142', address: '4410 N 12th St, Phoenix, Arizona 85014' },
      {
        name: 'Csv Placed',
        street: '9 Elm St',
        latitude: '33.5',
        longitude: '-112.05',
        status: 'first_knock',
      },
      { first_name: 'Csv', last_name: 'Parts', street: '9 Elm St', city: 'Mesa', state: 'az', zip: '85201' },
      { name: 'Csv Appointment', appointment_date: '12/1/2026 9:30', stage: '5 Closed Won' },
    ];
    const leads = rows.map((row): Record<string, unknown> & { id: string } => {
      const check = checkRow(row, ctx);
      if (!check.ok) throw new Error(JSON.stringify(check.errors));
      return { ...check.lead, id: randomUUID() };
    });
    const res = await pushMutations(
      t.api,
      t.tokens.rep,
      leads.map((args) => ({ name: 'lead.add.v1', args })),
    );
    expect((res.body.results as MutationResults).map((r) => r.status)).toEqual(leads.map(() => 'applied'));
    for (const lead of leads) {
      const device = leadRowAfterChange(undefined, leadAddSchema.parse(lead), {
        stages,
        userId: t.world.users.rep.id,
      });
      const server = (await getLead(lead.id)) as Lead;
      expectSame(String(lead.name), device, server, Object.keys(device));
    }
  });
});
