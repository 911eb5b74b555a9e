// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const now = new Date();
const firstOfMonth = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;
// Each test signs in as a new rep, so each has a device database of its own.
const deal = (rep: string, fields: Record<string, unknown>) => ({
  _id: crypto.randomUUID(),
  owner_id: rep,
  energy_consultants: [],
  deal_stage: 'Customer',
  contract_signed_date: firstOfMonth,
  ...fields,
});

describe('My pay', () => {
  it("shows a rep's Contract Signed deal with its projected amount and milestone, with no server", async () => {
    const rep = crypto.randomUUID();
    await renderScreen({
      path: '/pay',
      self: { _id: rep, name: 'Riley Rep' },
      rows: {
        contacts: [deal(rep, { name: 'Ada Park', deal_stage_status: 'Contract Signed', system_size_kw: 8 })],
      },
    });
    // The standard plan: $0.10 a watt, half at signing, half at installation; the rep sets and closes.
    await screen.findByText('Ada Park');
    expect(screen.getByText('Installation Completed (next)')).toBeTruthy();
    expect(screen.getAllByText('$800.00').length).toBeGreaterThan(0);
    expect(screen.getByTestId('pay-month-total').textContent).toBe('$400.00');
    expect(screen.getByText('Ada Park: Contract Signed → released $400.00', { exact: false })).toBeTruthy();
  });

  it('claws back what a deal cancelled within the window released', async () => {
    const rep = crypto.randomUUID();
    const cancelled = deal(rep, { name: 'Bo Lane', deal_stage_status: 'Cancellation', system_size_kw: 6 });
    await renderScreen({
      path: '/pay',
      self: { _id: rep, name: 'Riley Rep' },
      rows: {
        contacts: [cancelled],
        activities: [
          {
            _id: crypto.randomUUID(),
            type: 'lead_status_change',
            actor_id: rep,
            date: new Date().toISOString(),
            lead_refs: [cancelled._id],
            old: 'Contract Signed',
            new: 'Cancellation',
          },
        ],
      },
    });
    await screen.findByText('Bo Lane');
    expect(
      screen.getByText('Bo Lane: Cancellation within 30 days → clawed back $300.00', { exact: false }),
    ).toBeTruthy();
    expect(screen.getByTestId('pay-month-total').textContent).toBe('$0.00');
  });

  it("uses the org's saved plan", async () => {
    const rep = crypto.randomUUID();
    await renderScreen({
      path: '/pay',
      self: { _id: rep, name: 'Riley Rep' },
      rows: {
        contacts: [deal(rep, { name: 'Cy Moss', deal_stage_status: 'Contract Signed', system_size_kw: 5 })],
        interfaces: [
          {
            _id: crypto.randomUUID(),
            key: 'pay_plan',
            type: 'config',
            data: {
              id: 'flat',
              name: 'Flat',
              basis: 'per_deal',
              rate: 1000.01,
              split: { setter: 50, closer: 50 },
              milestones: [{ status: 'Contract Signed', share: 100 }],
              clawback_days: 10,
            },
          },
        ],
      },
    });
    await screen.findByText('Cy Moss');
    expect(screen.getByText('Plan: Flat')).toBeTruthy();
    expect(screen.getByTestId('pay-month-total').textContent).toBe('$1,000.01');
  });

  it("lets a manager see a team member's pay", async () => {
    const manager = crypto.randomUUID();
    const member = crypto.randomUUID();
    const team = crypto.randomUUID();
    await renderScreen({
      path: '/pay',
      role: 'Manager',
      self: { _id: manager, name: 'Morgan Manager' },
      rows: {
        teams: [{ _id: team, name: 'North' }],
        users: [{ _id: member, name: 'Riley Rep', access_level: 'User' }],
        team_members: [
          { _id: crypto.randomUUID(), team_id: team, user_id: manager, role: 'Leader' },
          { _id: crypto.randomUUID(), team_id: team, user_id: member, role: 'Member' },
        ],
        contacts: [
          deal(member, { name: 'Dee Fox', deal_stage_status: 'Contract Signed', system_size_kw: 10 }),
        ],
      },
    });
    const person = (await screen.findAllByLabelText('Person')).find((e) => e.tagName === 'INPUT');
    await screen.findByText('No signed deals yet.');
    fireEvent.click(person as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'Riley Rep', hidden: true }));
    await screen.findByText('Dee Fox');
    expect(screen.getByTestId('pay-month-total').textContent).toBe('$500.00');
  });

  it('shows a rep only their own pay, not that of others on their deals', async () => {
    const member = crypto.randomUUID();
    const rep = crypto.randomUUID();
    await renderScreen({
      path: '/pay',
      self: { _id: rep, name: 'Riley Rep' },
      rows: {
        users: [{ _id: member, name: 'Other Owner', access_level: 'User' }],
        contacts: [
          deal(member, {
            name: 'Shared deal',
            deal_stage_status: 'Contract Signed',
            energy_consultants: [rep],
          }),
        ],
      },
    });
    await screen.findByText('Shared deal');
    expect(screen.queryAllByLabelText('Person')).toEqual([]);
  });
});
