// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetFix } from '#src/device/hooks/useKnockPosition.ts';
import { localDay } from '#src/domain/deal.ts';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import { cleanupScreens, outboxOf, renderScreen } from '#tests/support/renderScreen.tsx';
import { LeadPanel } from './LeadPanel.tsx';

afterEach(() => {
  forgetFix();
  Reflect.deleteProperty(navigator, 'geolocation');
  return cleanupScreens();
});

const ME = crypto.randomUUID();
const LEAD = {
  _id: crypto.randomUUID(),
  name: 'Sol Signer',
  owner_id: ME,
  energy_consultants: [ME],
  coordinates: [-111.9, 33.4],
  deal_stage: 'Lead',
  deal_stage_status: 'Appointment Set',
};

describe("the map's lead panel", () => {
  it('asks for the deal when the knock is Contract Signed, and queues it with the status', async () => {
    const shown = await renderScreen({
      self: { _id: ME },
      rows: { contacts: [LEAD] },
      words: ['map', 'leads'],
      element: <LeadPanel leadId={LEAD._id} userId={ME} stages={DEFAULT_DEAL_STAGES} onClose={() => {}} />,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Contract Signed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contract signed' });
    fireEvent.change(within(dialog).getByLabelText('System size (kW)'), { target: { value: '7' } });
    fireEvent.change(within(dialog).getByLabelText('Price per watt ($)'), { target: { value: '3.10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Contract signed' })).toBeNull());
    const [knock] = await outboxOf(shown, 1);
    expect(knock?.args).toMatchObject({
      deal_stage_status: 'Contract Signed',
      system_size_kw: 7,
      price_per_watt: 3.1,
      contract_amount: 21_700,
      contract_signed_date: localDay(new Date()),
    });
  });

  it('asks where the device is as it opens, so a knock goes out with the position without waiting', async () => {
    const asked: number[] = [];
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition(ok: PositionCallback) {
          asked.push(Date.now());
          ok({
            coords: { latitude: 33.41, longitude: -111.91, accuracy: 8 },
            timestamp: Date.now(),
          } as GeolocationPosition);
        },
      },
    });
    // A device of its own (the first test's outbox is on the other).
    const me = crypto.randomUUID();
    const lead = { ...LEAD, _id: crypto.randomUUID(), owner_id: me, energy_consultants: [me] };
    const shown = await renderScreen({
      self: { _id: me },
      rows: { contacts: [lead] },
      words: ['map', 'leads'],
      element: <LeadPanel leadId={lead._id} userId={me} stages={DEFAULT_DEAL_STAGES} onClose={() => {}} />,
    });
    await screen.findByRole('dialog', { name: 'Sol Signer' });
    await waitFor(() => expect(asked).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Closed Won' }));
    const [knock] = await outboxOf(shown, 1);
    expect(knock?.args).toMatchObject({
      deal_stage_status: 'Closed Won',
      knock: { lat: 33.41, lng: -111.91 },
    });
    // The fix taken as the panel opened served the knock: no second request.
    expect(asked).toHaveLength(1);
  });

  it("shows the pin's new colour before the knock is saved, and takes it back when it cannot be", async () => {
    const me = crypto.randomUUID();
    const lead = { ...LEAD, _id: crypto.randomUUID(), owner_id: me, energy_consultants: [me] };
    const calls: string[] = [];
    const previewKnock = async (id: string, status: string) => {
      calls.push(`preview ${id === lead._id ? 'the lead' : id}: ${status.slice(0, 12)}`);
      return async () => {
        calls.push('taken back');
      };
    };
    // A status the device cannot save (longer than any status may be): the knock fails.
    const stages = DEFAULT_DEAL_STAGES.map((stage, i) =>
      i === 0
        ? {
            ...stage,
            options: [
              ...stage.options,
              { ...stage.options[0], label: 'Gate Locked', value: 'G'.repeat(501) },
            ],
          }
        : stage,
    ) as typeof DEFAULT_DEAL_STAGES;
    const shown = await renderScreen({
      self: { _id: me },
      rows: { contacts: [lead] },
      words: ['map', 'leads'],
      element: (
        <LeadPanel
          leadId={lead._id}
          userId={me}
          stages={stages}
          previewKnock={previewKnock}
          onClose={() => {}}
        />
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Closed Won' }));
    await outboxOf(shown, 1);
    expect(calls).toEqual(['preview the lead: Closed Won']);

    fireEvent.click(await screen.findByRole('button', { name: 'Gate Locked' }));
    await screen.findByText(/at most 500/);
    await waitFor(() =>
      expect(calls).toEqual(['preview the lead: Closed Won', 'preview the lead: GGGGGGGGGGGG', 'taken back']),
    );
    // Nothing more was queued.
    expect(await outboxOf(shown, 1)).toHaveLength(1);
  });
});
