// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccessLevel } from '#src/domain/roles.ts';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const lead = (name: string, n: number) => ({
  _id: `0190a0b0-0000-7000-8000-0000000000f${n}`,
  version: n,
  name,
  address: `${n} Elm St, Mesa, AZ 85201`,
  coordinates: [-111.8, 33.4 + n / 1000],
  energy_consultants: [],
  deleted_at: null,
});
const LEADS = [lead('Ann Able', 1), lead('Bob Baker', 2), lead('Cy Cole', 3)];
const rowCount = () => screen.getByRole('status', { name: 'Rows shown' });

async function openContacts(role: AccessLevel) {
  const shown = await renderScreen({ path: '/contacts', role, rows: { contacts: LEADS } });
  await waitFor(() => expect(rowCount().textContent).toBe('3 of 3'));
  return shown;
}

describe('deleting the selected contacts', () => {
  it('deletes the selection on the device after one question, and Undo brings it back', async () => {
    const shown = await openContacts('Manager');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ann Able' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Cy Cole' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 leads?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('2 leads deleted')).toBeTruthy();
    await waitFor(() => expect(rowCount().textContent).toBe('1 of 1'));
    expect(screen.queryByRole('button', { name: 'Delete selected' })).toBeNull();
    expect((await shown.outbox()).map((e) => [e.row_id, e.args.deleted])).toEqual([
      [LEADS[0]?._id, true],
      [LEADS[2]?._id, true],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('2 leads restored')).toBeTruthy();
    await waitFor(() => expect(rowCount().textContent).toBe('3 of 3'));
  });

  it('offers a rep no Delete for a selection', async () => {
    await openContacts('User');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ann Able' }));
    await screen.findByRole('button', { name: 'Clear selection' });
    expect(screen.queryByRole('button', { name: 'Delete selected' })).toBeNull();
  });
});
