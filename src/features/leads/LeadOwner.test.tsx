// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

afterEach(cleanupScreens);

let ME = '';
beforeEach(() => {
  ME = nextUserId();
});
const lead = teamLead;

/** The signed-in manager leads TEAM, whose member is Mia Member; Sam Stranger is on no team of theirs. */
const world = (leads: Row[]) => ({
  users: [
    person(MEMBER, 'Mia Member'),
    person(STRANGER, 'Sam Stranger'),
    person('0190a0b0-0000-7000-8000-0000000000a4', 'Ivy Inactive', { status: false }),
  ],
  ...managedTeam(ME),
  contacts: leads,
});

/** The owner select's input (Mantine also labels its listbox). */
function ownerInput(label = 'Owner', within: HTMLElement = document.body): HTMLElement {
  const input = [...within.querySelectorAll('input')].find((el) => el.labels?.[0]?.textContent === label);
  if (!input) throw new Error(`no ${label} select`);
  return input;
}
/** The options of the owner select's open list. */
async function ownerOptions(input: HTMLElement): Promise<HTMLElement[]> {
  let options: HTMLElement[] = [];
  await waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    options = list ? within(list).queryAllByRole('option', { hidden: true }) : [];
    if (!options.length) throw new Error('the owner list is not open');
  });
  return options;
}
async function chooseOwner(input: HTMLElement, name: string) {
  const option = (await ownerOptions(input)).find((o) => o.textContent === name);
  if (!option) throw new Error(`no option ${name}`);
  fireEvent.click(option);
}
const names = async (input: HTMLElement) => (await ownerOptions(input)).map((o) => o.textContent);

describe('the lead page’s owner', () => {
  it('lets a manager give the lead to themselves or a member of their team, queued with the owner it saw', async () => {
    const row = lead(1, 'Stale Steve');
    const shown = await renderScreen({
      path: `/contacts/${row._id}`,
      role: 'Manager',
      self: { _id: ME, name: 'Max Manager' },
      rows: world([row]),
    });
    await screen.findByRole('heading', { name: 'Stale Steve' });
    await waitFor(() => expect(ownerInput()).toHaveProperty('value', 'Mia Member'));
    fireEvent.click(ownerInput());
    expect(await names(ownerInput())).toEqual(['Max Manager', 'Mia Member']);
    await chooseOwner(ownerInput(), 'Max Manager');

    // Either toast ends the wait, so a refused write fails here with its own message.
    const toast = await screen.findByText(/^(Owner changed|The owner could not be changed)$/);
    expect(toast.textContent).toBe('Owner changed');
    const [entry] = await outboxOf(shown, 1);
    expect(entry?.args).toMatchObject({ _id: row._id, owner_id: ME, base_versions: { owner_id: 4 } });
  });

  it('offers an admin every active user of the org, in Spanish too', async () => {
    const row = lead(2, 'Lola Lead');
    await renderScreen({ path: `/contacts/${row._id}`, role: 'Admin', rows: world([row]), language: 'es' });
    await screen.findByRole('heading', { name: 'Lola Lead' });
    await waitFor(() => ownerInput('Propietario'));
    fireEvent.click(ownerInput('Propietario'));
    const offered = await names(ownerInput('Propietario'));
    expect(offered).toEqual(expect.arrayContaining(['Mia Member', 'Sam Stranger']));
    expect(offered).not.toContain('Ivy Inactive');
  });

  it('shows a rep no owner select, even on their own lead', async () => {
    const row = lead(3, 'Rita Rep', { owner_id: ME, energy_consultants: [ME] });
    await renderScreen({ path: `/contacts/${row._id}`, role: 'User', self: { _id: ME }, rows: world([row]) });
    await screen.findByRole('heading', { name: 'Rita Rep' });
    // The sections under the fields (the owner's among them) are drawn a moment after the header.
    await screen.findByText('No notes yet.');
    expect(() => ownerInput()).toThrow();
  });
});

describe('assigning the selected contacts', () => {
  const LEADS = [lead(4, 'Ann Able'), lead(5, 'Bob Baker'), lead(6, 'Cy Cole')];
  const rowCount = () => screen.getByRole('status', { name: 'Rows shown' });

  it('queues a new owner for each selected lead after choosing one', async () => {
    const shown = await renderScreen({
      path: '/contacts',
      role: 'Manager',
      self: { _id: ME, name: 'Max Manager' },
      rows: world(LEADS),
    });
    await waitFor(() => expect(rowCount().textContent).toBe('3 of 3'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ann Able' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Cy Cole' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign 2 leads' });
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toHaveProperty('disabled', true);
    fireEvent.click(ownerInput('Owner', dialog));
    expect(await names(ownerInput('Owner', dialog))).toEqual(['Max Manager', 'Mia Member']);
    await chooseOwner(ownerInput('Owner', dialog), 'Max Manager');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('2 leads assigned')).toBeTruthy();
    expect((await outboxOf(shown, 2)).map((e) => [e.row_id, e.args.owner_id])).toEqual([
      [LEADS[0]?._id, ME],
      [LEADS[2]?._id, ME],
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Assign to…' })).toBeNull());
  });

  it('offers a rep no Assign for a selection', async () => {
    await renderScreen({ path: '/contacts', role: 'User', self: { _id: ME }, rows: world(LEADS) });
    await waitFor(() => expect(rowCount().textContent).toBe('3 of 3'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ann Able' }));
    await screen.findByRole('button', { name: 'Clear selection' });
    expect(screen.queryByRole('button', { name: 'Assign to…' })).toBeNull();
  });
});
