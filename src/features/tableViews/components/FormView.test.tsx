// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const PANEL = { _id: crypto.randomUUID(), name: 'Panel 400 W', category: 'Solar', price: 320, active: true };

/** The products screen in its form view, opened on the first product. */
async function productsForm(role: 'Admin' | 'User') {
  const page = await renderScreen({ path: '/products', role, rows: { products: [PANEL] } });
  await waitFor(() => expect(screen.getByRole('status', { name: 'Rows shown' }).textContent).toBe('1 of 1'));
  fireEvent.click(screen.getByRole('radio', { name: 'Form' }));
  await screen.findByRole('textbox', { name: 'Price' });
  return page;
}
const price = () => screen.getByRole('textbox', { name: 'Price' }) as HTMLInputElement;
/** The labels of the form's text fields, in order (the form itself has no name). */
const labelsInForm = () =>
  within(price().closest('form') as HTMLFormElement)
    .getAllByRole('textbox')
    .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? '');

describe("a table's form view", () => {
  it('edits a product: a negative price is refused, a good one saved; the form builder hides and moves fields', async () => {
    const page = await productsForm('Admin');
    fireEvent.change(price(), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('must not be negative');
    // Only the view's own change (its type) waits to be sent: not the product.
    const productWrites = async () => (await page.outbox()).filter((m) => m.table === 'products');
    expect(await productWrites()).toEqual([]);
    fireEvent.change(price(), { target: { value: '249.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Product Edited');
    expect(screen.queryByText('must not be negative')).toBeNull();
    await waitFor(async () =>
      expect(await productWrites()).toMatchObject([
        { row_id: PANEL._id, args: { fields: { price: 249.5 } } },
      ]),
    );
    expect((await page.rows('products'))[0]).toMatchObject({ price: 249.5 });

    // The form builder: hide a field, move another up; the form follows, and the view keeps it.
    fireEvent.click(screen.getByRole('button', { name: 'Edit form' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Show Category' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Category' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Move Price up' }));
    await waitFor(() => expect(labelsInForm()).toEqual(['Price', 'Name']));
    await waitFor(async () => {
      const [view] = await page.rows('table_views');
      expect(view).toMatchObject({
        table_name: 'products',
        properties: { formFields: ['price', 'name', 'active'] },
      });
    });
    const viewWrites = (await page.outbox()).filter((m) => m.table === 'table_views');
    expect(viewWrites.at(-1)).toMatchObject({
      name: 'record.save.v1',
      args: { fields: { properties: { formFields: ['price', 'name', 'active'] } } },
    });
  });

  it('shows the form read-only to someone who may not change products', async () => {
    await productsForm('User');
    await screen.findByText('Only admins can change these records; the form is read-only.');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit form' })).toBeNull();
    expect(price().readOnly).toBe(true);
  });
});
