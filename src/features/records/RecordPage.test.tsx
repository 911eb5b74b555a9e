// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupScreens, outboxOf, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const battery = {
  _id: crypto.randomUUID(),
  name: 'Home battery 13 kWh',
  category: 'Storage',
  price: 9800,
  active: true,
};
const productForm = () => screen.getByRole('form', { name: 'Product details' });
const field = (name: string) => within(productForm()).getByRole('textbox', { name });
const save = () => fireEvent.click(within(productForm()).getByRole('button', { name: 'Save' }));

describe("a registry record's page", () => {
  it('adds a product on the device: a bad price is refused and what was typed kept', async () => {
    const page = await renderScreen({ path: '/products/new', role: 'Admin' });
    await screen.findByRole('heading', { level: 1, name: 'New Product' });
    fireEvent.change(field('Name'), { target: { value: 'Home battery 13 kWh' } });
    fireEvent.change(field('Category'), { target: { value: 'Storage' } });
    fireEvent.change(field('Price'), { target: { value: '12,50' } });
    save();
    // The spec's red toast, the rule's reason under it; the form keeps what was typed.
    const refused = await screen.findByText('There was an error adding the product. Please try again.');
    expect(refused.closest('[role="alert"]')?.textContent).toMatch(/price/i);
    expect((field('Name') as HTMLInputElement).value).toBe('Home battery 13 kWh');
    expect(await page.outbox()).toEqual([]);

    fireEvent.change(field('Price'), { target: { value: '9800.50' } });
    save();
    await screen.findByText('Product Added');
    await screen.findByRole('heading', { level: 1, name: 'Home battery 13 kWh' });
    expect(page.location()).toMatch(/^\/products\/[0-9a-f-]{36}$/);
    const [added] = await outboxOf(page, 1);
    expect(added).toMatchObject({ table: 'products', row_id: page.location().split('/')[2] });
    const [stored] = await page.rows('products');
    expect(stored).toMatchObject({ name: 'Home battery 13 kWh', category: 'Storage', price: 9800.5 });
  });

  it('edits and deletes a product, each with its toast', async () => {
    const page = await renderScreen({
      path: `/products/${battery._id}`,
      role: 'Admin',
      rows: { products: [battery] },
    });
    await screen.findByRole('heading', { level: 1, name: 'Home battery 13 kWh' });
    fireEvent.change(field('Name'), { target: { value: 'Home battery 15 kWh' } });
    save();
    await screen.findByText('Product Edited');
    await screen.findByRole('heading', { level: 1, name: 'Home battery 15 kWh' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Home battery 15 kWh?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Product Deleted');
    await waitFor(() => expect(page.location()).toBe('/products'));
    expect((await outboxOf(page, 2)).map((m) => m.row_id)).toEqual([battery._id, battery._id]);
  });

  it('shows a rep a product without the means to change it, and refuses them a new one', async () => {
    // Opened from the list, which offers a rep no way to add one.
    const page = await renderScreen({ path: '/products', role: 'User', rows: { products: [battery] } });
    await screen.findByRole('heading', { level: 1, name: 'Products' });
    expect(screen.queryByRole('link', { name: 'Add' })).toBeNull();
    const list = await screen.findByRole('table', { name: 'Products' });
    fireEvent.click(await within(list).findByText(battery.name));
    await waitFor(() => expect(page.location()).toBe(`/products/${battery._id}`));
    await screen.findByRole('heading', { level: 1, name: 'Home battery 13 kWh' });
    expect(screen.getByRole('table', { name: 'Details' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Product details' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Product' })).toBeNull();
    await cleanupScreens();

    await renderScreen({ path: '/products/new', role: 'User' });
    await screen.findByText('You cannot add a new Product here.');
    expect(screen.queryByRole('form', { name: 'Product details' })).toBeNull();
  });

  it("tells a refused team in the spec's red toast, in English and Spanish, and keeps what was typed", async () => {
    const teamForm = (name: string) => screen.getByRole('form', { name });
    const page = await renderScreen({ path: '/teams/new', role: 'Admin' });
    await screen.findByRole('heading', { level: 1, name: 'New Team' });
    const name = within(teamForm('Team details')).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(teamForm('Team details')).getByRole('button', { name: 'Save' }));
    const refused = await screen.findByText('There was an error adding the team. Please try again.');
    expect(refused.closest('[role="alert"]')?.textContent).toMatch(/required/i);
    expect(name.value).toBe('   ');
    expect(await page.outbox()).toEqual([]);
    await cleanupScreens();

    await renderScreen({ path: '/teams/new', role: 'Admin', language: 'es' });
    const form = await screen.findByRole('form', { name: 'Datos de Equipo' });
    fireEvent.change(within(form).getAllByRole('textbox')[0] as HTMLElement, { target: { value: ' ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Hubo un error al añadir el equipo. Inténtelo de nuevo.');
  });

  it('adds, edits and deletes a team, each with its toast', async () => {
    const teamForm = () => screen.getByRole('form', { name: 'Team details' });
    const name = () => within(teamForm()).getByRole('textbox', { name: 'Name' });
    const page = await renderScreen({ path: '/teams/new', role: 'Admin' });
    await screen.findByRole('heading', { level: 1, name: 'New Team' });
    fireEvent.change(name(), { target: { value: 'Desert Crew' } });
    fireEvent.click(within(teamForm()).getByRole('button', { name: 'Save' }));
    await screen.findByText('Team Added');
    await screen.findByRole('heading', { level: 1, name: 'Desert Crew' });
    fireEvent.change(name(), { target: { value: 'Desert Crew East' } });
    fireEvent.click(within(teamForm()).getByRole('button', { name: 'Save' }));
    await screen.findByText('Team Edited');
    await screen.findByRole('heading', { level: 1, name: 'Desert Crew East' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Desert Crew East?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Team Deleted');
    await waitFor(() => expect(page.location()).toBe('/teams'));
  });

  it("offers no way to add an organisation, and fails the page check of a path that is not a record's", async () => {
    const page = await renderScreen({ path: '/organizations', role: 'Admin' });
    await screen.findByRole('heading', { level: 1, name: 'Organizations' });
    expect(page.location()).toBe('/orgs');
    expect(screen.queryByRole('link', { name: 'Add' })).toBeNull();
    await cleanupScreens();

    // React and the app's error boundary report the failed check on the console.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderScreen({ path: '/teams/not-a-team', role: 'Admin' });
    await screen.findByText('Page Not Found: /teams/not-a-team');
  });
});
