// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ORG_ID } from '#src/domain/roles.ts';
import { cleanupScreens, outboxOf, renderScreen } from '#tests/support/renderScreen.tsx';
import {
  MEMBER,
  managedTeam,
  nextUserId,
  person,
  type Row,
  STRANGER,
  teamLead,
} from '#tests/support/teamWorld.ts';
import { useLassoSelection } from '../hooks/useLassoSelection.ts';
import { PinIndexService } from '../pins/pinIndexWorker.ts';
import type { PinService } from '../pins/usePinService.ts';
import type { LassoArea } from '../utils/lassoArea.ts';
import { LassoBar } from './LassoBar.tsx';
import { LassoButton } from './LassoButton.tsx';

afterEach(cleanupScreens);

let ME = '';
beforeEach(() => {
  ME = nextUserId();
});
const OTHER_TEAM = '0190a0b0-0000-7000-8000-0000000000c2';
const lead = (n: number, name: string, lng: number, extra: Record<string, unknown> = {}): Row =>
  teamLead(n, name, { coordinates: [lng, 33.4], ...extra });
/** Three leads inside the lasso (two of the manager's team, one of a stranger's), one outside it. */
const LEADS = [
  lead(1, 'Ann Able', -111.85),
  lead(2, 'Bob Baker', -111.84),
  lead(3, 'Sid Stranger', -111.83, { owner_id: STRANGER, team_id: OTHER_TEAM }),
  lead(4, 'Otto Outside', -111.5),
];
/** The lasso as terra-draw reports it: around Mesa, not reaching Otto. */
const AROUND_MESA: LassoArea = {
  type: 'Polygon',
  coordinates: [
    [
      [-111.9, 33.3],
      [-111.8, 33.3],
      [-111.8, 33.5],
      [-111.9, 33.5],
      [-111.9, 33.3],
    ],
  ],
};

/** The signed-in manager leads TEAM, whose member is Mia Member; Sam Stranger is on another team. */
const world = () => {
  const team = managedTeam(ME);
  return {
    users: [person(MEMBER, 'Mia Member'), person(STRANGER, 'Sam Stranger')],
    teams: [...team.teams, { _id: OTHER_TEAM, version: 1, org_id: DEFAULT_ORG_ID, name: 'West' }],
    team_members: [
      ...team.team_members,
      {
        _id: '0190a0b0-0000-7000-8000-0000000000d3',
        version: 1,
        org_id: DEFAULT_ORG_ID,
        team_id: OTHER_TEAM,
        user_id: STRANGER,
      },
    ],
    contacts: LEADS,
  };
};

/**
 * The lead map's lasso control and bar over the map's pin index, run in this thread rather than in
 * its worker. jsdom draws no map, so "Lasso drawn" stands in for terra-draw reporting the loop.
 */
function Lasso({ service }: { service: PinService }) {
  const lasso = useLassoSelection(service, undefined);
  return (
    <>
      <LassoButton lasso={lasso} />
      <button type="button" onClick={() => void lasso.finish(AROUND_MESA)}>
        Lasso drawn
      </button>
      <LassoBar lasso={lasso} />
    </>
  );
}

async function showLasso(role: 'Manager' | 'User') {
  const index = new PinIndexService();
  const service = { inArea: async (area: LassoArea) => index.inArea(area) } as unknown as PinService;
  const shown = await renderScreen({
    role,
    self: { _id: ME, name: role === 'Manager' ? 'Max Manager' : 'Rita Rep' },
    rows: world(),
    words: ['map', 'leads'],
    element: <Lasso service={service} />,
  });
  await index.open(shown.db.name);
  return shown;
}

/** The owner select's input in the dialog (Mantine also labels its listbox). */
function ownerInput(dialog: HTMLElement): HTMLElement {
  const input = [...dialog.querySelectorAll('input')].find((el) => el.labels?.[0]?.textContent === 'Owner');
  if (!input) throw new Error('no Owner select');
  return input;
}
async function chooseOwner(input: HTMLElement, name: string) {
  await waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    const option =
      list &&
      within(list)
        .queryAllByRole('option', { hidden: true })
        .find((o) => o.textContent === name);
    if (!option) throw new Error(`no option ${name}`);
    fireEvent.click(option);
  });
}

describe("the lead map's lasso", () => {
  it('lets a manager draw an area, and Escape stops drawing', async () => {
    await showLasso('Manager');
    const control = await screen.findByRole('button', { name: 'Select an area' });
    await waitFor(() => expect(control).toHaveProperty('disabled', false));
    fireEvent.click(control);
    expect(control.getAttribute('aria-pressed')).toBe('true');
    const bar = screen.getByRole('region', { name: 'Leads in the area' });
    expect(within(bar).getByText(/Draw around the leads to select/)).toBeTruthy();

    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(control.getAttribute('aria-pressed')).toBe('false'));
    expect(screen.queryByRole('region', { name: 'Leads in the area' })).toBeNull();
  });

  it("selects the area's leads the manager may reassign and queues one owner change for each", async () => {
    const shown = await showLasso('Manager');
    fireEvent.click(await screen.findByRole('button', { name: 'Select an area' }));
    fireEvent.click(screen.getByRole('button', { name: 'Lasso drawn' }));

    const bar = await screen.findByRole('region', { name: 'Leads in the area' });
    await within(bar).findByText('2 leads selected');
    expect(within(bar).getByText('1 of your selection you may not reassign: left out')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Assign to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign 2 leads' });
    fireEvent.click(ownerInput(dialog));
    await chooseOwner(ownerInput(dialog), 'Max Manager');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('2 leads assigned')).toBeTruthy();
    const queued = await outboxOf(shown, 2);
    expect(queued.map((e) => [e.row_id, e.args.owner_id])).toEqual([
      [LEADS[0]?._id, ME],
      [LEADS[1]?._id, ME],
    ]);
    expect(queued[0]?.args).toMatchObject({ base_versions: { owner_id: 4 } });
    // The stranger's lead and the one outside the area kept their owners; the selection is cleared.
    const owners = new Map((await shown.rows('contacts')).map((row) => [row._id, row.owner_id]));
    expect(owners.get(LEADS[2]?._id as string)).toBe(STRANGER);
    expect(owners.get(LEADS[3]?._id as string)).toBe(MEMBER);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Leads in the area' })).toBeNull());
  });

  it('shows a rep without the permission no control and no selection', async () => {
    await showLasso('User');
    await screen.findByRole('button', { name: 'Lasso drawn' });
    expect(screen.queryByRole('button', { name: 'Select an area' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Lasso drawn' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Leads in the area' })).toBeNull();
  });
});
