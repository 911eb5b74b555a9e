// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';
import { ActivityPanel } from './ActivityPanel.tsx';

afterEach(cleanupScreens);

const REP = crypto.randomUUID();
const LEAD = crypto.randomUUID();
const GONE = crypto.randomUUID();
const TEAM = crypto.randomUUID();
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

const rows = {
  users: [{ _id: REP, name: 'Riley Rep' }],
  // Renamed since the activity was written: the entry names the lead as it is now.
  contacts: [{ _id: LEAD, name: 'Ada Lopez', team_id: TEAM }],
  teams: [{ _id: TEAM, name: 'North Team' }],
  activities: [
    {
      _id: crypto.randomUUID(),
      type: 'lead_status_change',
      message: 'changed status to Appointment Set',
      actor_id: REP,
      lead_refs: [LEAD],
      field: 'deal_stage_status',
      new: 'Appointment Set',
      lead_name: 'Ada Perez',
      date: hoursAgo(1),
    },
    {
      _id: crypto.randomUUID(),
      type: 'lead_deleted',
      message: 'deleted Bo Chen',
      actor_id: REP,
      lead_refs: [GONE],
      date: hoursAgo(2),
    },
    {
      _id: crypto.randomUUID(),
      type: 'team_to_region',
      message: 'Team moved to a region',
      actor_id: REP,
      team_id: TEAM,
      region_id: null,
      date: hoursAgo(3),
    },
  ],
};

async function openPanel(language: 'en' | 'es' = 'en') {
  const page = await renderScreen({
    element: <ActivityPanel />,
    role: 'Admin',
    rows,
    language,
    path: '/dashboard',
  });
  fireEvent.click(
    screen.getByRole('button', { name: language === 'en' ? 'Latest activity' : 'Actividad reciente' }),
  );
  return page;
}

describe('the activity panel', () => {
  it('names the record each entry is about and opens it', async () => {
    const page = await openPanel();
    const entry = await screen.findByRole('link', { name: 'Riley Rep changed Ada Lopez to Appointment Set' });
    // A lead no longer on the device: named as it was, nothing to open.
    expect(screen.getByText('Riley Rep deleted Bo Chen').closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'Riley Rep took North Team out of its region' })).toBeTruthy();
    fireEvent.click(entry);
    await waitFor(() => expect(page.location()).toBe(`/contacts/${LEAD}`));
    // Opening a record closes the panel.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the team an entry is about', async () => {
    const page = await openPanel();
    fireEvent.click(await screen.findByRole('link', { name: 'Riley Rep took North Team out of its region' }));
    await waitFor(() => expect(page.location()).toBe(`/teams/${TEAM}`));
  });

  it('says it in Spanish', async () => {
    await openPanel('es');
    await screen.findByRole('link', {
      name: 'Riley Rep cambió el estado de Ada Lopez a Appointment Set',
    });
  });
});
