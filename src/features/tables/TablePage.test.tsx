// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableRow } from '#src/db/rows.ts';
import { VIEW_TYPES } from '#src/domain/schemas/records.ts';
import { cleanupScreens, outboxOf, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const product = (name: string, category: string, price: number): TableRow => ({
  _id: crypto.randomUUID(),
  name,
  category,
  price,
  active: true,
});
const PRODUCTS = [
  product('Panel 400 W', 'Solar', 320),
  product('Home battery 13 kWh', 'Storage', 9800),
  product('Inverter 7 kW', 'Solar', 1500),
];
const rowCount = () => screen.getByRole('status', { name: 'Rows shown' });

describe('a table screen', () => {
  it('lists the rows on the device in its grid, with their count', async () => {
    await renderScreen({ path: '/products', role: 'User', rows: { products: PRODUCTS } });
    await screen.findByRole('heading', { level: 1, name: 'Products' });
    await waitFor(() => expect(rowCount().textContent).toBe('3 of 3'));
    const grid = screen.getByRole('table', { name: 'Products' });
    for (const name of ['Panel 400 W', 'Home battery 13 kWh', 'Inverter 7 kW']) {
      expect(within(grid).getByText(name)).toBeTruthy();
    }
  });

  it("shows users' last activity as their page does: how long ago", async () => {
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    await renderScreen({
      path: '/users',
      role: 'Admin',
      rows: {
        users: [
          {
            _id: crypto.randomUUID(),
            name: 'Riley Rep',
            email: 'riley@example.com',
            last_active: minutesAgo(5),
          },
          { _id: crypto.randomUUID(), name: 'Nova New', email: 'nova@example.com', last_active: null },
        ],
      },
    });
    const grid = await screen.findByRole('table', { name: 'Users' });
    await within(grid).findByText('5 min ago');
    const header = within(grid).getByRole('columnheader', { name: /Last active/ });
    expect(header).toBeTruthy();
  });

  it.each([
    { role: 'User' as const, add: false },
    { role: 'Admin' as const, add: true },
  ])('offers a $role the Add link: $add', async ({ role, add }) => {
    await renderScreen({ path: '/products', role, rows: { products: PRODUCTS } });
    await screen.findByRole('heading', { level: 1, name: 'Products' });
    expect(screen.queryByRole('link', { name: 'Add' }) !== null).toBe(add);
  });

  it('searches the rows and saves the search in a view of the user, on the device first', async () => {
    const shown = await renderScreen({ path: '/products', role: 'User', rows: { products: PRODUCTS } });
    await waitFor(() => expect(rowCount().textContent).toBe('3 of 3'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search Products' }), {
      target: { value: 'battery' },
    });
    await waitFor(() => expect(rowCount().textContent).toBe('1 of 3'));
    // Saved once the user pauses: the default view is stored with the search, in the outbox.
    const [saved] = await outboxOf(shown, 1);
    expect(saved).toMatchObject({ table: 'table_views' });
    const [view] = await shown.rows('table_views');
    expect(view).toMatchObject({
      table_name: 'products',
      created_by: shown.user._id,
      properties: { query: { search: 'battery' } },
    });
  });

  it('shows the rows as another view type, loaded on first use, and keeps the choice', async () => {
    const shown = await renderScreen({ path: '/products', role: 'User', rows: { products: PRODUCTS } });
    await waitFor(() => expect(rowCount().textContent).toBe('3 of 3'));
    fireEvent.click(screen.getByRole('radio', { name: 'Gallery' }));
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(3);
    for (const product of PRODUCTS)
      expect(within(screen.getByRole('list')).getByText(product.name as string)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Products' })).toBeNull();
    await outboxOf(shown, 1);
    const [view] = await shown.rows('table_views');
    expect(view).toMatchObject({ view_type: VIEW_TYPES.gallery });
  });

  it("shows a rep an admin's global view read-only", async () => {
    const global = {
      _id: crypto.randomUUID(),
      name: 'Storage only',
      table_name: 'products',
      view_type: VIEW_TYPES.grid,
      global: true,
      is_workshop: false,
      created_by: 'someone-else',
      properties: {
        query: { filters: [], match: 'all', sort: [], search: 'battery' },
        columns: ['name', 'category'],
        widths: {},
      },
    };
    await renderScreen({
      path: '/products',
      role: 'User',
      rows: { products: PRODUCTS, table_views: [global] },
    });
    // A table opens on the user's own view or the default, never on someone else's.
    await waitFor(() => expect(rowCount().textContent).toBe('3 of 3'));
    expect(screen.queryByText('Only admins can change a global view.')).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'View' }), { target: { value: global._id } });
    await waitFor(() => expect(rowCount().textContent).toBe('1 of 3'));
    expect(screen.getByRole('note').textContent).toBe('Only admins can change a global view.');
    for (const name of ['Rename', 'Delete', 'Make global']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    const nameHeader = screen.getByRole('columnheader', { name: /^Name/ });
    expect((within(nameHeader).getByRole('button', { name: /^Name/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole('tab', { name: 'Organizations' })).toBeNull();
  });

  it('an admin makes a view, names it and makes it global, each saved on the device', async () => {
    const shown = await renderScreen({ path: '/products', role: 'Admin', rows: { products: PRODUCTS } });
    await waitFor(() => expect(rowCount().textContent).toBe('3 of 3'));
    expect(screen.getByRole('tab', { name: 'Organizations' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '+ New view' }));
    await screen.findByText('View created');
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename view' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'View name' }), { target: { value: ' ' } });
    expect(await within(dialog).findByText('A view needs a name.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'View name' }), {
      target: { value: 'Solar kit' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('View renamed');
    fireEvent.click(screen.getByRole('button', { name: 'Make global' }));
    await screen.findByText('View made global');
    await screen.findByRole('button', { name: 'Remove from global' });
    await outboxOf(shown, 3);
    const [view] = await shown.rows('table_views');
    expect(view).toMatchObject({ name: 'Solar kit', global: true, created_by: shown.user._id });
  });

  it("changes a lead's status in place: the row's select holds its status until touched, then every status", async () => {
    const lead = {
      _id: crypto.randomUUID(),
      name: 'Kim Knock',
      deal_stage: 'Lead',
      deal_stage_status: 'Not Home 1',
      coordinates: [-112.07, 33.45],
    };
    const shown = await renderScreen({ path: '/contacts', role: 'User', rows: { contacts: [lead] } });
    const select = (await screen.findByRole('combobox', {
      name: 'Status of Kim Knock',
    })) as HTMLSelectElement;
    expect(select.value).toBe('Not Home 1');
    // One element per row until then, not one per status of every row.
    expect([...select.options].map((o) => o.value)).toEqual(['Not Home 1']);
    fireEvent.focus(select);
    await waitFor(() => expect(select.options.length).toBeGreaterThan(5));
    const values = [...select.options].map((o) => o.value);
    expect(values).toContain('');
    expect(values).toContain('Appointment Set');
    expect(select.querySelectorAll('optgroup').length).toBeGreaterThan(1);
    fireEvent.change(select, { target: { value: 'Appointment Set' } });
    const [edit] = await outboxOf(shown, 1);
    expect(edit).toMatchObject({ name: 'lead.edit.v1', row_id: lead._id });
    await waitFor(() => expect(select.value).toBe('Appointment Set'));
  });

  it("moves, groups by and hides a column from its header's menu, saved in the user's view", async () => {
    const shown = await renderScreen({ path: '/products', role: 'Admin', rows: { products: PRODUCTS } });
    const grid = await screen.findByRole('table', { name: 'Products' });
    await waitFor(() => expect(rowCount().textContent).toBe('3 of 3'));
    const headers = () =>
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[⋮▲▼\d\s]+$/u, ''));
    // The menu this column's button opens (another one may still be closing).
    const menu = async (column: string) => {
      const button = screen.getByRole('button', { name: `Options of column ${column}` });
      fireEvent.click(button);
      return waitFor(() => {
        const opened = document.getElementById(button.getAttribute('aria-controls') ?? '');
        if (!opened) throw new Error(`the menu of ${column} is not open`);
        return opened;
      });
    };
    expect(headers().slice(1, 3)).toEqual(['Name', 'Category']);

    fireEvent.click(
      within(await menu('Category')).getByRole('menuitem', { name: 'Move left', hidden: true }),
    );
    await waitFor(() => expect(headers().slice(1, 3)).toEqual(['Category', 'Name']));

    fireEvent.click(
      within(await menu('Category')).getByRole('menuitem', { name: 'Group by this column', hidden: true }),
    );
    expect(await within(grid).findByRole('button', { name: /Category: Solar \(2\)/ })).toBeTruthy();

    fireEvent.click(within(await menu('Price')).getByRole('menuitem', { name: 'Hide column', hidden: true }));
    await waitFor(() => expect(headers()).not.toContain('Price'));
    await waitFor(async () => {
      const [view] = await shown.rows('table_views');
      expect(view).toMatchObject({
        table_name: 'products',
        properties: { columns: ['category', 'name', 'active'], query: { groupBy: 'category' } },
      });
    });
  });
});

describe('the users and teams tables', () => {
  it("show each user's and team's active deals and sales as the sales definition counts them", async () => {
    const rep = crypto.randomUUID();
    const team = crypto.randomUUID();
    const sold = { deal_stage: 'Customer', deal_stage_status: 'Contract Signed', contract_amount: 1000 };
    const rows = {
      users: [{ _id: rep, name: 'Riley Rep', email: 'riley@example.com' }],
      teams: [{ _id: team, name: 'North Team' }],
      contacts: [
        {
          _id: crypto.randomUUID(),
          name: 'A',
          owner_id: rep,
          team_id: team,
          deal_stage: 'Lead',
          deal_stage_status: 'Appointment Set',
        },
        {
          _id: crypto.randomUUID(),
          name: 'B',
          owner_id: rep,
          team_id: team,
          ...sold,
          contract_signed_date: '2020-02-02',
        },
        { _id: crypto.randomUUID(), name: 'C', owner_id: rep, ...sold, contract_signed_date: '2020-03-03' },
      ],
    };
    const shown = await renderScreen({ path: '/users', role: 'Admin', rows });
    const users = await screen.findByRole('table', { name: 'Users' });
    const riley = (await within(users).findByText('Riley Rep')).closest('tr') as HTMLElement;
    await waitFor(() => expect(cellOf(users, riley, 'Active deals')).toBe('1'));
    // Signed years ago: sales in all, none this month.
    expect(cellOf(users, riley, 'Monthly sales')).toBe('0');
    shown.unmount();
    await cleanupScreens();

    await renderScreen({ path: '/teams', role: 'Admin', rows });
    const teams = await screen.findByRole('table', { name: 'Teams' });
    const north = (await within(teams).findByText('North Team')).closest('tr') as HTMLElement;
    await waitFor(() => expect(cellOf(teams, north, 'Active deals')).toBe('1'));
  });
});

/** The text of `row`'s cell under the column named `header`. */
function cellOf(grid: HTMLElement, row: HTMLElement, header: string): string {
  const headers = within(grid).getAllByRole('columnheader');
  const at = headers.findIndex((h) => h.textContent?.includes(header));
  if (at < 0) throw new Error(`no column ${header}`);
  return row.children[at]?.textContent ?? '';
}
