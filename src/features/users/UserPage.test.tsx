// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const NORTH = { _id: crypto.randomUUID(), name: 'North Team' };
const SOUTH = { _id: crypto.randomUUID(), name: 'South Team' };

describe("a user's page", () => {
  it('names the teams the user is on, with their role in each', async () => {
    const rep = crypto.randomUUID();
    await renderScreen({
      path: `/users/${rep}`,
      role: 'Manager',
      rows: {
        teams: [NORTH, SOUTH],
        // As a pull brings the row: the user's memberships, named as the server had them.
        users: [
          {
            _id: rep,
            name: 'Riley Rep',
            email: 'riley@example.com',
            teams: [
              { id: NORTH._id, name: 'North', role: 'Member' },
              { id: SOUTH._id, name: 'South Team', role: 'Leader' },
            ],
          },
        ],
      },
    });
    const north = await screen.findByRole('link', { name: 'North Team' });
    expect(north.getAttribute('href')).toBe(`/teams/${NORTH._id}`);
    const south = screen.getByRole('link', { name: 'South Team' });
    expect(within(south.closest('li') as HTMLElement).getByText('Leader')).toBeTruthy();
    expect(screen.queryByText('Not on a team.')).toBeNull();
  });

  it('says so when the user is on no team', async () => {
    const rep = crypto.randomUUID();
    await renderScreen({
      path: `/users/${rep}`,
      role: 'Manager',
      rows: { users: [{ _id: rep, name: 'Solo Rep', email: 'solo@example.com', teams: [] }] },
    });
    await screen.findByText('Not on a team.');
  });
});

describe("a user's sales figures", () => {
  it('count the contacts the user owns as the sales definition does, with value and size', async () => {
    const rep = crypto.randomUUID();
    const now = new Date();
    const thisMonth = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;
    const contact = (fields: Record<string, unknown>) => ({
      _id: crypto.randomUUID(),
      name: 'A lead',
      owner_id: rep,
      ...fields,
    });
    await renderScreen({
      path: `/users/${rep}`,
      role: 'Manager',
      rows: {
        users: [{ _id: rep, name: 'Riley Rep', email: 'riley@example.com', teams: [] }],
        contacts: [
          contact({ deal_stage: 'Lead', deal_stage_status: 'Appointment Set' }),
          contact({
            deal_stage: 'Customer',
            deal_stage_status: 'Contract Signed',
            contract_amount: 33_600,
            system_size_kw: 8.4,
            contract_signed_date: thisMonth,
          }),
          contact({
            deal_stage: 'Customer',
            deal_stage_status: 'Install Ready',
            contract_amount: 20_000.5,
            system_size_kw: 5,
            contract_signed_date: '2020-01-15',
          }),
          contact({ deal_stage: 'Customer', deal_stage_status: 'Cancellation', contract_amount: 99_000 }),
          // another rep's sale is not theirs
          { ...contact({ deal_stage: 'Customer', deal_stage_status: 'Contract Signed' }), owner_id: null },
        ],
      },
    });
    const card = async (label: string) => (await screen.findByText(label)).closest('div') as HTMLElement;
    await expect.poll(async () => (await card('Active deals')).textContent).toBe('Active deals1');
    expect((await card('Sales this month')).textContent).toBe('Sales this month1$33,600.00 · 8.4 kW');
    expect((await card('Total sales')).textContent).toBe('Total sales2$53,600.50 · 13.4 kW');
    expect((await card('Leads')).textContent).toBe('Leads4');
  });
});
