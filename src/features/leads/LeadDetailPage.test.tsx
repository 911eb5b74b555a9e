// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { localDay } from '#src/domain/deal.ts';
import { cleanupScreens, outboxOf, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const ADDRESS = '12 Elm St, Mesa, AZ 85201';
const ME = '0190a0b0-0000-7000-8000-0000000000a1';
type Row = { _id: string } & Record<string, unknown>;
const lead = (fields: Record<string, unknown>): Row => ({
  _id: '0190a0b0-0000-7000-8000-0000000000b1',
  version: 5,
  name: 'Ada Address',
  address: ADDRESS,
  owner_id: ME,
  energy_consultants: [ME],
  coordinates: null,
  ...fields,
});
const geocoder = (kind: string): Row => ({ _id: 'geocoder-setting', key: 'geocoder', data: { kind } });

async function open(row: Row, interfaces: Row[] = [], language: 'en' | 'es' = 'en') {
  await renderScreen({
    path: `/contacts/${row._id}`,
    self: { _id: ME },
    rows: { contacts: [row], interfaces },
    language,
  });
  await screen.findByRole('heading', { name: 'Ada Address' });
}

describe('the lead page on a lead with an address and no position', () => {
  it('says the server is finding the address on the map', async () => {
    await open(lead({}));
    expect(await screen.findByText('Finding this address on the map…')).toBeTruthy();
  });

  it('says when the address could not be found, in Spanish too', async () => {
    const failed = { state: 'failed', at: '2025-01-01T00:00:00.000Z', address: ADDRESS };
    await open(lead({ placement: failed }), [], 'es');
    expect(await screen.findByText('No se encontró esta dirección en el mapa.')).toBeTruthy();
  });

  it('says nothing of it when the lead has a position', async () => {
    await open(lead({ coordinates: [-111.8, 33.4] }));
    await screen.findByText('33.40000, -111.80000');
    expect(screen.queryByText('Finding this address on the map…')).toBeNull();
  });

  it('says nothing of it when the org turned address search off', async () => {
    await open(lead({}), [geocoder('off')]);
    await screen.findByRole('heading', { name: 'Address' });
    expect(screen.queryByText('Finding this address on the map…')).toBeNull();
  });
});

/** The lead page of a lead with an appointment set. */
async function openAppointment() {
  const row = lead({ coordinates: [-111.8, 33.4], deal_stage: 'Lead', deal_stage_status: 'Appointment Set' });
  const shown = await renderScreen({
    path: `/contacts/${row._id}`,
    self: { _id: ME },
    rows: { contacts: [row] },
  });
  await screen.findByRole('heading', { name: 'Ada Address' });
  return shown;
}

describe('a status change to Contract Signed', () => {
  it('asks for the deal and stores it with the status, signed today, on the device', async () => {
    const shown = await openAppointment();
    fireEvent.click(statusInput());
    fireEvent.click(await screen.findByRole('option', { name: 'Contract Signed', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Contract signed' });
    expect(within(dialog).getByLabelText('Contract Signed Date')).toHaveProperty(
      'value',
      localDay(new Date()),
    );

    fireEvent.change(within(dialog).getByLabelText('System size (kW)'), { target: { value: 'eight' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter the size in kW, such as 7.2 (at most 1000, 3 decimals).'),
    ).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Contract amount'), { target: { value: '$33,600' } });
    fireEvent.change(within(dialog).getByLabelText('System size (kW)'), { target: { value: '8.4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Contract signed' })).toBeNull());
    const [edit] = await outboxOf(shown, 1);
    expect(edit?.args).toMatchObject({
      deal_stage_status: 'Contract Signed',
      contract_amount: 33_600,
      system_size_kw: 8.4,
      price_per_watt: 4,
      contract_signed_date: localDay(new Date()),
    });
    expect(await screen.findByText('$33,600.00')).toBeTruthy();
  });

  it('keeps the status as it was when the dialog is closed', async () => {
    const shown = await openAppointment();
    const queued = await shown.db.outbox.count();
    fireEvent.click(statusInput());
    fireEvent.click(await screen.findByRole('option', { name: 'Contract Signed', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Contract signed' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Contract signed' })).toBeNull());
    expect(await shown.db.outbox.count()).toBe(queued);
    expect(screen.getAllByText('Appointment Set').length).toBeGreaterThan(0);
  });
});

/** The status select's input (the status badge carries the same name). */
function statusInput(): HTMLElement {
  const input = screen.getAllByLabelText('Status').find((el) => el.tagName === 'INPUT');
  if (!input) throw new Error('no status select');
  return input;
}

describe('an appointment whose closer was already booked', () => {
  const ANA = '0190a0b0-0000-7000-8000-0000000000c1';
  const BEN = '0190a0b0-0000-7000-8000-0000000000c2';
  const users: Row[] = [
    { _id: ANA, name: 'Ana Closer', access_level: 'User' },
    { _id: BEN, name: 'Ben Closer', access_level: 'User' },
  ];
  const appointment = (id: string, hour: number, fields: Record<string, unknown>): Row => ({
    _id: id,
    lead_id: '0190a0b0-0000-7000-8000-0000000000b1',
    start_time: `2031-03-03T${hour}:00:00.000Z`,
    end_time: `2031-03-03T${hour + 1}:00:00.000Z`,
    appointment_type: 'In-person',
    status: 'Scheduled',
    created_by: ME,
    ...fields,
  });
  const note = (outcome: string) => ({
    outcome,
    asked_user_id: ANA,
    clash_id: '0190a0b0-0000-7000-8000-0000000000d9',
    at: '2031-03-01T10:00:00.000Z',
  });

  const rows = {
    contacts: [lead({ coordinates: [-111.8, 33.4] })],
    users,
    appointments: [
      appointment('0190a0b0-0000-7000-8000-0000000000d1', 15, { user_id: BEN, booking: note('reassigned') }),
      appointment('0190a0b0-0000-7000-8000-0000000000d2', 17, { user_id: null, booking: note('returned') }),
    ],
  };
  const path = `/contacts/${rows.contacts[0]?._id}`;

  it('says it went to another closer, or that it needs another time', async () => {
    await renderScreen({ path, self: { _id: ME }, rows });
    expect(
      await screen.findByText('Ana Closer was already booked at that time, so it went to Ben Closer.'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Ana Closer was already booked at that time and nobody else was free: choose another time.',
      ),
    ).toBeTruthy();
  });

  it('says so in Spanish too', async () => {
    await renderScreen({ path, self: { _id: ME }, rows, language: 'es' });
    expect(
      await screen.findByText('Ana Closer ya tenía una cita a esa hora, así que pasó a Ben Closer.'),
    ).toBeTruthy();
  });
});
