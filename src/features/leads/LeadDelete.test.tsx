// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccessLevel } from '#src/domain/roles.ts';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const ME = '0190a0b0-0000-7000-8000-0000000000c1';
const LEAD = {
  _id: '0190a0b0-0000-7000-8000-0000000000d1',
  version: 3,
  name: 'Dora Delete',
  address: '12 Elm St, Mesa, AZ 85201',
  coordinates: [-111.8, 33.4],
  energy_consultants: [],
  deleted_at: null,
};

let screens = 0;

async function open(role: AccessLevel, language: 'en' | 'es' = 'en') {
  // Each screen its own user, so each has its own device database; the lead is theirs.
  const me = ME.replace(/c1$/, (++screens).toString(16).padStart(2, '0'));
  const shown = await renderScreen({
    path: `/contacts/${LEAD._id}`,
    role,
    self: { _id: me },
    rows: { contacts: [{ ...LEAD, owner_id: me }] },
    language,
  });
  await screen.findByRole('heading', { name: 'Dora Delete' });
  return shown;
}

describe('deleting a lead from its page', () => {
  it('asks once, deletes it on the device, goes back to the contacts, and Undo brings it back', async () => {
    const shown = await open('Manager');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this lead?' });
    expect(within(dialog).getByText(/Dora Delete leaves the map, the tables and search/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(shown.location()).toBe('/contacts'));
    expect(await screen.findByText('Lead deleted')).toBeTruthy();
    expect(await shown.rows('contacts')).toEqual([]);
    expect((await shown.outbox()).map((e) => [e.name, e.args])).toEqual([
      ['lead.edit.v1', { _id: LEAD._id, deleted: true }],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Lead restored')).toBeTruthy();
    await waitFor(async () =>
      expect((await shown.rows('contacts')).map((row) => row.name)).toEqual(['Dora Delete']),
    );
    expect((await shown.outbox()).map((e) => e.args.deleted)).toEqual([true, false]);
  });

  it('keeps the lead when the question is cancelled', async () => {
    const shown = await open('Admin', 'es');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar este prospecto?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await shown.outbox()).toEqual([]);
    expect(shown.location()).toBe(`/contacts/${LEAD._id}`);
  });

  it('offers no Delete to a rep, whose access level may not delete contacts, even on their own lead', async () => {
    await open('User');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
