// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../app/i18n.ts';
import type { LeaderboardEntry } from '../../../domain/leaderboard.ts';
import { provideBrowserFeaturesForMantine } from '../../../ui/testing/jsdomForMantine.ts';
import { LeaderboardControls, type LeaderboardSettings } from './LeaderboardControls.tsx';
import { LeaderboardTable } from './LeaderboardTable.tsx';

const board = vi.hoisted(() => ({ entries: undefined as LeaderboardEntry[] | undefined }));
vi.mock('../../../device/hooks/useLeaderboard.ts', () => ({ useLeaderboard: () => board.entries }));

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
    fireEvent.change(screen.getByLabelText('Metric'), { target: { value: 'closed_won' } });
    fireEvent.change(screen.getByLabelText('Scope'), { target: { value: 'region' } });
    fireEvent.change(screen.getByLabelText('Board'), { target: { value: 'closer' } });
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({
      period: { kind: 'custom', from: '2026-03-01', to: '2026-03-05' },
      metric: 'closed_won',
      scope: 'region',
      board: 'closer',
    });
  });
});
