// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (messages, a device database, toasts)
import '#src/app/i18n.ts';
import type { KnockQualityEntry, LeaderboardEntry } from '#src/domain/leaderboard.ts';
import { provideBrowserFeaturesForMantine } from '#src/ui/testing/jsdomForMantine.ts';
import { KnockQuality } from './KnockQuality.tsx';
import { LeaderboardControls, type LeaderboardSettings } from './LeaderboardControls.tsx';
import { LeaderboardTable } from './LeaderboardTable.tsx';

const board = vi.hoisted(() => ({
  entries: undefined as LeaderboardEntry[] | undefined,
  quality: undefined as KnockQualityEntry[] | undefined,
  fieldTimes: undefined as ReadonlyMap<string, number> | undefined,
}));
vi.mock('../hooks/useFieldTimes.ts', () => ({ useFieldTimes: () => board.fieldTimes }));
vi.mock('#src/device/hooks/useLeaderboard.ts', () => ({
  useLeaderboard: () => board.entries,
  useKnockQuality: () => board.quality,
}));

beforeAll(provideBrowserFeaturesForMantine);
afterEach(cleanup);

const wrap = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);
const entry = (user_id: string, name: string, value: number, rank: number, me = false): LeaderboardEntry => ({
  user_id,
  name,
  initials: name.slice(0, 1),
  pfp: null,
  team: 'Central',
  value,
  rank,
  me,
});
const selection = {
  metric: 'knocks',
  scope: 'team',
  board: 'all',
  start: new Date(2026, 2, 1),
  end: new Date(2026, 2, 2),
} as const;

describe('the leaderboard table', () => {
  it('ranks people with their team and compact value, the user marked', () => {
    board.entries = [entry('a', 'Ana López', 12_345, 1), entry('b', 'Bo Ek', 3, 2, true)];
    wrap(<LeaderboardTable selection={selection} periodLabel="Today" />);
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe('Knocks, Today');
    expect(screen.getByRole('columnheader', { name: 'Knocks' })).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['1AAna LópezCentral12.3K', '2BBo EkYouCentral3']);
    expect(rows[1]?.getAttribute('aria-current')).toBe('true');
    expect(rows[0]?.getAttribute('aria-current')).toBeNull();
  });

  it('shows revenue as compact currency, and names the verified knocks board', () => {
    board.entries = [entry('a', 'Ana López', 1234, 1)];
    wrap(<LeaderboardTable selection={{ ...selection, metric: 'revenue' }} periodLabel="Today" />);
    expect(screen.getByRole('columnheader', { name: 'Revenue' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '$1.2K' }).getAttribute('title')).toBe('$1,234.00');
    cleanup();
    wrap(<LeaderboardTable selection={{ ...selection, verifiedOnly: true }} periodLabel="Today" />);
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe('Verified knocks, Today');
  });

  it('shows kW sold with one decimal and the unit, to the watt on hover', () => {
    board.entries = [entry('a', 'Ana López', 12.345, 1), entry('b', 'Bo Ek', 7, 2)];
    wrap(<LeaderboardTable selection={{ ...selection, metric: 'sold_kw' }} periodLabel="Today" />);
    expect(screen.getByRole('columnheader', { name: 'kW sold' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '12.3 kW' }).getAttribute('title')).toBe('12.345 kW');
    expect(screen.getByRole('cell', { name: '7.0 kW' })).toBeTruthy();
  });

  it('says when nothing is counted', () => {
    board.entries = [];
    wrap(<LeaderboardTable selection={selection} periodLabel="Today" />);
    expect(screen.getByText('No one on this board has anything counted in this period.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the leaderboard controls', () => {
  function Controls() {
    const [value, setValue] = useState<LeaderboardSettings>({
      period: { kind: 'today' },
      metric: 'knocks',
      scope: 'team',
      board: 'all',
    });
    return (
      <>
        <LeaderboardControls value={value} onChange={setValue} />
        <output>{JSON.stringify(value)}</output>
      </>
    );
  }

  it('names every control and asks for the days of a custom period', () => {
    wrap(<Controls />);
    expect(screen.queryByLabelText('From')).toBeNull();
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-05' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Verified knocks only' }));
    fireEvent.change(screen.getByLabelText('Metric'), { target: { value: 'closed_won' } });
    // The switch belongs to the knocks metric only.
    expect(screen.queryByRole('switch', { name: 'Verified knocks only' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Scope'), { target: { value: 'region' } });
    fireEvent.change(screen.getByLabelText('Board'), { target: { value: 'closer' } });
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({
      period: { kind: 'custom', from: '2026-03-01', to: '2026-03-05' },
      metric: 'closed_won',
      verifiedOnly: true,
      scope: 'region',
      board: 'closer',
    });
  });
});

describe('the knock quality table', () => {
  const quality = (user_id: string, name: string, more: Partial<KnockQualityEntry>): KnockQualityEntry => ({
    user_id,
    name,
    me: false,
    knocks: 0,
    verified: 0,
    near: 0,
    far: 0,
    unknown: 0,
    average_distance_m: null,
    time_in_field_ms: 0,
    verified_share: null,
    field_known: false,
    ...more,
  });
  const range = { scope: 'team', board: 'all', start: selection.start, end: selection.end } as const;

  it('shows each person’s knocks, verified share, average distance and time in field', () => {
    board.quality = [
      quality('a', 'Ana López', { knocks: 4, verified: 3, verified_share: 0.75, average_distance_m: 12.4 }),
      quality('b', 'Bo Ek', {
        me: true,
        knocks: 1,
        unknown: 1,
        verified_share: 0,
        time_in_field_ms: 90 * 60_000,
        field_known: true,
      }),
    ];
    wrap(<KnockQuality selection={range} periodLabel="Today" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Knock quality' })).toBeTruthy();
    for (const name of ['Average distance per knock', 'Time in field', 'Verified'])
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Ana López43 (75%)12 mNot available',
      'Bo EkYou10 (0%)—1 hr 30 min',
    ]);
  });

  it('takes time in field from the server for those it lists, this device’s own when larger', () => {
    board.fieldTimes = new Map([
      ['a', 45 * 60_000],
      ['b', 60 * 60_000],
    ]);
    board.quality = [
      quality('a', 'Ana López', { knocks: 1, verified_share: 0 }),
      quality('b', 'Bo Ek', {
        me: true,
        knocks: 1,
        verified_share: 0,
        time_in_field_ms: 70 * 60_000,
        field_known: true,
      }),
    ];
    wrap(<KnockQuality selection={range} periodLabel="Today" />);
    const cells = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.lastElementChild?.textContent);
    expect(cells).toEqual(['45 min', '1 hr 10 min']);
    board.fieldTimes = undefined;
  });

  it('says when no one knocked', () => {
    board.quality = [quality('b', 'Bo Ek', { me: true, field_known: true })];
    wrap(<KnockQuality selection={range} periodLabel="Today" />);
    expect(screen.getByText('No knocks on this board in this period.')).toBeTruthy();
  });
});
