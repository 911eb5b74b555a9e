// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';
import { useOpenLead } from '../hooks/useOpenLead.ts';
import { OpenLeadPanel } from './OpenLeadPanel.tsx';

afterEach(cleanupScreens);

const ME = crypto.randomUUID();
const LEAD = {
  _id: crypto.randomUUID(),
  name: 'Opal Opened',
  owner_id: ME,
  coordinates: [-111.9, 33.4],
  deal_stage: 'Lead',
  deal_stage_status: 'Not Home 1',
};

/** A stand-in for the map page: counts its own renders, and opens leads as a tap on a pin does. */
const page: { renders: number; openLead(id: string | undefined): void } = {
  renders: 0,
  openLead: () => undefined,
};
const previewKnock = async () => async () => undefined;
function MapPageLike() {
  page.renders++;
  const { openLeadStore, openLead } = useOpenLead();
  page.openLead = openLead;
  return (
    <OpenLeadPanel
      store={openLeadStore}
      userId={ME}
      stages={DEFAULT_DEAL_STAGES}
      previewKnock={previewKnock}
      onClose={() => openLead(undefined)}
    />
  );
}

describe("the map's open lead", () => {
  it('opens the tapped lead’s panel, read first, without drawing the page again, and closes it', async () => {
    await renderScreen({
      self: { _id: ME },
      rows: { contacts: [LEAD] },
      words: ['map', 'leads'],
      element: <MapPageLike />,
    });
    const rendered = page.renders;
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => page.openLead(LEAD._id));
    expect(await screen.findByRole('dialog', { name: 'Opal Opened' })).toBeTruthy();
    expect(page.renders).toBe(rendered);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(page.renders).toBe(rendered);
  });
});
