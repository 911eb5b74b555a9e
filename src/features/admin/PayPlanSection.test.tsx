// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntityRow } from '#src/db/rows.ts';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const PATH = '/admin/settings/pay-plan';

describe('Settings → Pay plan', () => {
  it('is listed in the settings overview', async () => {
    await renderScreen({ path: '/admin/settings/overview', role: 'Admin' });
    await screen.findByRole('link', { name: 'Pay plan' });
  });

  it("shows the org's saved plan, the closer's share what the setter's leaves", async () => {
    const plan = {
      id: 'p',
      name: 'Field reps',
      basis: 'per_deal',
      rate: 1500,
      split: { setter: 25, closer: 75 },
      milestones: [{ status: 'Contract Signed', share: 100 }],
      clawback_days: 14,
    };
    await renderScreen({
      path: PATH,
      role: 'Admin',
      rows: { interfaces: [{ _id: 'i-pay', key: 'pay_plan', data: plan } as EntityRow] },
    });
    const form = await screen.findByRole('form', { name: 'Edit the pay plan' });
    expect((within(form).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(
      'Field reps',
    );
    expect(
      (within(form).getByRole('textbox', { name: 'Rate (dollars per deal)' }) as HTMLInputElement).value,
    ).toBe('1500');
    expect((within(form).getByRole('textbox', { name: 'Closer (%)' }) as HTMLInputElement).value).toBe('75');
  });

  it('says what is wrong before sending, and that saving needs a connection', async () => {
    await renderScreen({ path: PATH, role: 'Admin' });
    const form = await screen.findByRole('form', { name: 'Edit the pay plan' });
    const [firstShare] = within(form).getAllByRole('textbox', { name: 'Share (%)' });
    fireEvent.change(firstShare as HTMLElement, { target: { value: '40' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save pay plan' }));
    expect((await screen.findByRole('alert')).textContent).toContain('the shares must add up to 100');

    fireEvent.change(firstShare as HTMLElement, { target: { value: '50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save pay plan' }));
    await screen.findByText('Saving the pay plan needs a connection.');
  });
});
