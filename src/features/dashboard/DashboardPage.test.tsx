// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (messages, a device database, toasts)
import { Notifications } from '@mantine/notifications';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (messages, a device database, toasts)
import '#src/app/i18n.ts';
import type { CardRow, LayoutRow } from '#src/db/rows.ts';
import { defaultCardConfig } from '#src/domain/dashboard/cards.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { provideBrowserFeaturesForMantine } from '#src/ui/testing/jsdomForMantine.ts';
import { testActor } from '#tests/support/actors.ts';
import { DashboardPage } from './DashboardPage.tsx';

const device = vi.hoisted(() => ({
  level: 'User' as 'User' | 'Admin',
  layouts: [] as LayoutRow[],
  cards: [] as CardRow[],
  commands: {
    addLayout: vi.fn(async () => 'new-layout'),
    renameLayout: vi.fn(async () => {}),
    setLayoutGlobal: vi.fn(async () => {}),
    deleteLayout: vi.fn(async () => {}),
    addCard: vi.fn(async () => 'new-card'),
    editCard: vi.fn(async () => {}),
    removeCard: vi.fn(async () => {}),
    placeCards: vi.fn(async () => {}),
  },
}));
vi.mock('#src/device/hooks/useDashboard.ts', () => ({
  useLayouts: () => device.layouts,
  useLayoutCards: (ids: readonly string[] | undefined) =>
    ids ? device.cards.filter((c) => ids.includes(c._id)) : undefined,
}));
vi.mock('#src/device/hooks/useCommands.ts', () => ({ useCommands: () => device.commands }));
vi.mock('./engine/index.ts', () => ({
  useCardResults: (cards: { id: string }[]) =>
    new Map(
      cards.map((c) => [c.id, { loading: false, result: { kind: 'number', value: 1234, rows: 1234 } }]),
    ),
}));
vi.mock('#src/device/hooks/useTableRows.ts', () => ({ useTableViews: () => [] }));
vi.mock('#src/device/hooks/useDealStages.ts', () => ({ useDealStages: () => [] }));
vi.mock('../tables/index.ts', () => ({ FilterBuilder: () => null, useFilterChoices: () => () => [] }));
vi.mock('#src/device/hooks/useActor.ts', () => ({
  useActor: (): Actor => testActor(device.level),
}));

beforeAll(provideBrowserFeaturesForMantine);
beforeEach(() => {
  for (const fn of Object.values(device.commands)) fn.mockClear();
  device.layouts = [
    { _id: 'mine', name: 'My numbers', owner_id: 'me', is_global: false, cards: ['c2'] },
    { _id: 'default', name: 'Default Layout', owner_id: null, is_global: true, cards: ['c1'] },
  ];
  device.cards = [
    {
      _id: 'c1',
      title: 'Leads this week',
      type: 'number',
      config: { ...defaultCardConfig(), metric: { key: 'leads_added', period: 'week' } } as CardRow['config'],
      card_layout: { x: 0, y: 0, w: 3, h: 2 },
    },
    {
      _id: 'c2',
      title: 'My leads',
      type: 'number',
      config: defaultCardConfig() as CardRow['config'],
      card_layout: { x: 0, y: 0, w: 3, h: 4 },
    },
  ];
});
afterEach(cleanup);

const renderPage = () =>
  render(
    <MantineProvider>
      <Notifications />
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('the dashboard', () => {
  it("opens on the global 'Default Layout' with its cards; a rep may not change it nor make layouts global", () => {
    device.level = 'User';
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByDisplayValue('Default Layout (global)')).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Leads this week' });
    expect(within(card).getByTestId('card-number').textContent).toBe('1.2K');
    // A figure shared with the leaderboard says which period it counts.
    expect(within(card).getByText('This week (Mon–Sun)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set Global' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add card' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions of/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add layout' })).toBeTruthy();
  });

  it('an admin sets the layout global, and adds a layout only with a name', async () => {
    device.level = 'Admin';
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Remove From Global' }));
    expect(device.commands.setLayoutGlobal).toHaveBeenCalledWith('default', false);
    expect(await screen.findByText('Layout Removed From Global')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add layout' }));
    const dialog = await screen.findByRole('dialog', { name: 'New layout' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(device.commands.addLayout).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: ' Mine ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Layout Added')).toBeTruthy();
    expect(device.commands.addLayout).toHaveBeenCalledWith('me', 'Mine');
  });

  it('adds a card below the others, keeping what was typed until it can be saved', async () => {
    device.level = 'User';
    device.layouts = device.layouts.filter((l) => l._id === 'mine');
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'New card' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(device.commands.addCard).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Title/ }), { target: { value: 'Count' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Card Added')).toBeTruthy();
    expect(device.commands.addCard).toHaveBeenCalledWith('me', 'mine', {
      title: 'Count',
      type: 'number',
      config: defaultCardConfig() as CardRow['config'],
      card_layout: { x: 0, y: 4, w: 3, h: 2 },
    });
  });

  it('moves a card from its menu and saves the new place once the moves stop', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    device.level = 'User';
    device.layouts = device.layouts.filter((l) => l._id === 'mine');
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Actions of My leads' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move right' }));
    // The menu stays open for the next move.
    expect(screen.getByRole('button', { name: 'Actions of My leads' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('menuitem', { name: 'Wider', hidden: true }));
    expect(device.commands.placeCards).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(600);
    expect(device.commands.placeCards).toHaveBeenCalledWith([
      { id: 'c2', card_layout: { x: 1, y: 0, w: 4, h: 4 } },
    ]);
    vi.useRealTimers();
  });
});
