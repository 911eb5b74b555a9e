// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntityRow } from '#src/db/rows.ts';
import { DEFAULT_WALK_RULES } from '#src/domain/doorEligibility.ts';
import { cleanupScreens, renderScreen, serverTakingPuts } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const PATH = '/admin/settings/walk-planning';

const daysInput = (form: HTMLElement) =>
  within(form).getByRole('textbox', { name: /Days a door rests after a knock/ }) as HTMLInputElement;

describe('Settings → Walk planning', () => {
  it('is listed in the settings overview', async () => {
    await renderScreen({ path: '/admin/settings/overview', role: 'Admin' });
    await screen.findByRole('link', { name: 'Walk planning' });
  });

  it('shows the standard rules, refuses a bad cool-down before sending, and saves the rules', async () => {
    const { sent, server } = serverTakingPuts('/api/v2/map/walk-rules');
    await renderScreen({ path: PATH, role: 'Admin', online: true, server });
    await screen.findByRole('heading', { level: 1, name: 'Walk planning' });
    const form = await screen.findByRole('form', { name: 'Edit the walk rules' });
    expect(daysInput(form).value).toBe('3');
    expect(
      (within(form).getByRole('switch', { name: /Leave out customers/ }) as HTMLInputElement).checked,
    ).toBe(true);
    for (const status of DEFAULT_WALK_RULES.closed_statuses)
      expect(within(form).getByText(status)).toBeTruthy();

    fireEvent.change(daysInput(form), { target: { value: '2.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save walk rules' }));
    expect((await screen.findByRole('alert')).textContent).toContain('a whole number from 0 to 365');
    expect(sent).toEqual([]);

    fireEvent.change(daysInput(form), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('switch', { name: /Leave out customers/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save walk rules' }));
    await screen.findByText('Walk rules saved');
    expect(sent).toEqual([{ ...DEFAULT_WALK_RULES, customers_closed: false, cooldown_days: 10 }]);
    await waitFor(() => expect(screen.queryByText('The walk rules were not saved')).toBeNull());
  });

  it("shows the org's pulled rules, in Spanish too", async () => {
    await renderScreen({
      path: PATH,
      role: 'Admin',
      language: 'es',
      rows: {
        interfaces: [
          {
            _id: 'i-walk',
            key: 'walk_rules',
            data: { closed_statuses: ['Renter'], customers_closed: false, cooldown_days: 14 },
          } as EntityRow,
        ],
      },
    });
    const form = await screen.findByRole('form', { name: 'Editar las reglas de recorrido' });
    const days = within(form).getByRole('textbox', {
      name: /Días que descansa una puerta/,
    }) as HTMLInputElement;
    expect(days.value).toBe('14');
    expect(within(form).getByText('Renter')).toBeTruthy();
    expect(within(form).queryByText('No Soliciting')).toBeNull();
  });

  it('is not open to a rep', async () => {
    await renderScreen({ path: PATH, role: 'User' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('form', { name: 'Edit the walk rules' })).toBeNull();
  });
});
