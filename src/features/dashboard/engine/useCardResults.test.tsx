// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (messages, a device database, toasts)
import { type DashboardCardReader, openDashboardCardReader } from '#src/db/queries/dashboardCards.ts';
import { type CardConfig, defaultCardConfig } from '#src/domain/dashboard/cards.ts';
import { CardComputer } from './CardComputer.ts';
import { type DashboardCardInput, useCardResults } from './useCardResults.ts';

const device = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock('#src/device/DeviceProvider.tsx', () => ({ useDevice: () => ({ db: device.current }) }));

afterEach(cleanup);

let n = 0;
async function deviceWith(count: number): Promise<DashboardCardReader> {
  const reader = openDashboardCardReader(`use-card-results-${++n}`);
  const rows = Array.from({ length: count }, (_, i) => ({
    _id: `c${i}`,
    name: `Lead ${i}`,
    deal_stage: i % 2 ? 'Lead' : 'Contact',
    contract_amount: 10,
  }));
  await reader.db.transaction('rw', [reader.db.contacts, reader.db.pin_changes], () =>
    reader.db.contacts.bulkPut(rows),
  );
  device.current = reader.db;
  return reader;
}

const card = (id: string, patch: Partial<CardConfig> = {}, type: DashboardCardInput['type'] = 'number') => ({
  id,
  type,
  config: { ...defaultCardConfig(), ...patch },
});

describe('useCardResults', () => {
  it('computes every card (in batches of six) and marks the first complete answer', async () => {
    await deviceWith(4);
    const cards = Array.from({ length: 8 }, (_, i) => card(`k${i}`));
    const batches = vi.spyOn(CardComputer.prototype, 'computeBatch');
    const { result } = renderHook(() => useCardResults(cards));
    expect(result.current.get('k0')?.loading).toBe(true);
    await waitFor(() => expect([...result.current.values()].every((s) => !s.loading)).toBe(true));
    expect(result.current.get('k7')).toEqual({
      result: { kind: 'number', value: 4, rows: 4 },
      loading: false,
    });
    expect(batches.mock.calls.map(([list]) => list.length)).toEqual([6, 2]);
    batches.mockRestore();
    await waitFor(() => expect(performance.getEntriesByName('dashboard-cards-rendered').length).toBe(1));
  });

  it("computes again when the card's table changes, keeping the last result meanwhile", async () => {
    const reader = await deviceWith(2);
    const cards = [card('count'), card('sum', { measure: { op: 'sum', field: 'contract_amount' } })];
    const { result } = renderHook(() => useCardResults(cards));
    await waitFor(() =>
      expect(result.current.get('count')?.result).toEqual({ kind: 'number', value: 2, rows: 2 }),
    );
    await act(() =>
      reader.db.transaction('rw', [reader.db.contacts, reader.db.pin_changes], () =>
        reader.db.contacts.put({ _id: 'new', name: 'New', contract_amount: 5 }),
      ),
    );
    await waitFor(() =>
      expect(result.current.get('count')?.result).toEqual({ kind: 'number', value: 3, rows: 3 }),
    );
    expect(result.current.get('sum')).toEqual({
      result: { kind: 'number', value: 25, rows: 3 },
      loading: false,
    });
  });

  it('computes only the card that changed, and nothing when the cards come again unchanged', async () => {
    await deviceWith(3);
    const batches = vi.spyOn(CardComputer.prototype, 'computeBatch');
    const first = [card('a'), card('b')];
    const { result, rerender } = renderHook((list: DashboardCardInput[]) => useCardResults(list), {
      initialProps: first,
    });
    await waitFor(() => expect([...result.current.values()].every((s) => !s.loading)).toBe(true));
    rerender(first.map((c) => ({ ...c })));
    const changed = [
      card('a'),
      card('b', { filters: [{ field: 'deal_stage', op: 'any_of', value: ['Lead'] }] }),
    ];
    rerender(changed);
    expect(result.current.get('a')?.loading).toBe(false);
    expect(result.current.get('b')).toEqual({ result: { kind: 'number', value: 3, rows: 3 }, loading: true });
    await waitFor(() =>
      expect(result.current.get('b')?.result).toEqual({ kind: 'number', value: 1, rows: 1 }),
    );
    expect(batches.mock.calls.map(([list]) => list.map((c) => c.id))).toEqual([['a', 'b'], ['b']]);
    batches.mockRestore();
  });

  it('answers a card with unreadable settings or an unknown field with an error, the others still computed', async () => {
    await deviceWith(3);
    const cards = [
      card('ok'),
      { id: 'bad', type: 'number' as const, config: { table: 'contacts' } as unknown as CardConfig },
      card('unknown', { group_by: 'no_such_field' }, 'chart'),
      { id: 'type', type: 'gauge' as DashboardCardInput['type'], config: defaultCardConfig() },
    ];
    const { result } = renderHook(() => useCardResults(cards));
    await waitFor(() => expect([...result.current.values()].every((s) => !s.loading)).toBe(true));
    expect(result.current.get('ok')?.result).toEqual({ kind: 'number', value: 3, rows: 3 });
    expect(result.current.get('bad')?.error).toMatch(/settings/);
    expect(result.current.get('unknown')?.error).toMatch(/no_such_field/);
    expect(result.current.get('type')?.error).toMatch(/gauge/);
  });
});
