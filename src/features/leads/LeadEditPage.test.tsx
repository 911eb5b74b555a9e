// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, outboxOf, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
/** Types into a field, then moves on to the email, as a person tabbing through the form does. */
function typeThenLeave(name: string, value: string) {
  act(() => field(name).focus());
  fireEvent.change(field(name), { target: { value } });
  act(() => field('Email').focus());
}

describe('the lead form', () => {
  it('says letters typed in a phone are not a phone number, and keeps them in view', async () => {
    const page = await renderScreen({ path: '/contacts/new', role: 'User' });
    await screen.findByRole('heading', { name: 'Add lead' });
    fireEvent.change(field('Name'), { target: { value: 'Letters, Lee' } });
    typeThenLeave('Phone', '602-555-CALL');
    // Not quietly turned into '+1 (602) 555'.
    expect(field('Phone').value).toBe('602-555-CALL');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Some fields need fixing before the lead can be saved.');
    expect(
      screen.getByText(
        "'602-555-CALL' is not a phone number: it has letters. Write its digits; spaces, dashes, dots, brackets, a leading +1 and an extension such as ext 12 may stay.",
      ),
    ).toBeTruthy();
    expect(field('Phone').getAttribute('aria-invalid')).toBe('true');
    // Still on the form: nothing was saved.
    expect(screen.getByRole('heading', { name: 'Add lead' })).toBeTruthy();
    expect(page.location()).toBe('/contacts/new');
    expect(await page.outbox()).toEqual([]);
  });

  it('stores a short phone as typed, without the +1 of its display', async () => {
    const page = await renderScreen({ path: '/contacts/new', role: 'User' });
    await screen.findByRole('heading', { name: 'Add lead' });
    fireEvent.change(field('Name'), { target: { value: 'Short, Sam' } });
    typeThenLeave('Phone', '602555');
    expect(field('Phone').value).toBe('+1 (602) 555');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Lead has been successfully added');

    // The lead keeps the digits typed (as the server will have them) and shows them with the +1.
    const [added] = await outboxOf(page, 1);
    expect(added).toMatchObject({ table: 'contacts', args: { phone: '602555' } });
    await waitFor(() => expect(page.location()).toBe('/contacts'));
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search contacts' }), {
      target: { value: 'Sam Short' },
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Sam Short' }));
    await screen.findByRole('heading', { name: 'Sam Short' });
    expect(screen.getByText('+1 (602) 555')).toBeTruthy();
  });

  it("says 'Contact Added' over 'Lead has been successfully added', with the button that opens the lead", async () => {
    const page = await renderScreen({ path: '/contacts/new', role: 'User' });
    await screen.findByRole('heading', { name: 'Add lead' });
    fireEvent.change(field('Name'), { target: { value: 'Toast, Tia' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const toast = (await screen.findByText('Contact Added')).closest('[role="alert"]') as HTMLElement;
    expect(within(toast).getByText('Lead has been successfully added')).toBeTruthy();
    expect(within(toast).getByRole('button', { name: 'Open lead' })).toBeTruthy();
    await outboxOf(page, 1);
  });

  it("says 'Contact Edited' when a lead is saved, in Spanish too", async () => {
    const lead = { _id: crypto.randomUUID(), name: 'Edit Ed', first_name: 'Ed', last_name: 'Edit' };
    await renderScreen({
      path: `/contacts/${lead._id}/edit`,
      role: 'Admin',
      rows: { contacts: [lead] },
      language: 'es',
    });
    const name = await screen.findByRole('textbox', { name: 'Nombre' });
    fireEvent.change(name, { target: { value: 'Edit, Edna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Contacto editado');
  });
});
