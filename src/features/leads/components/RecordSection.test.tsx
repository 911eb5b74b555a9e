// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (messages, a device database, toasts)
import '#src/app/i18n.ts';
import { provideBrowserFeaturesForMantine } from '#src/ui/testing/jsdomForMantine.ts';
import { useRecordSection } from '../hooks/useRecordSection.ts';
import { RecordSection } from './RecordSection.tsx';

const shown = vi.hoisted(() => [] as { color: string; title: string; message: string }[]);
vi.mock('@mantine/notifications', () => ({
  notifications: { show: (n: { color: string; title: string; message: string }) => shown.push(n) },
}));

beforeAll(provideBrowserFeaturesForMantine);
afterEach(() => {
  cleanup();
  shown.length = 0;
});

const wrap = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

describe('RecordSection', () => {
  it('names the region by its title and lists the records, or says there are none', () => {
    const item = (r: { id: string }) => <li key={r.id}>{r.id}</li>;
    wrap(
      <RecordSection
        title="Notes"
        action={{ label: 'Add note', onClick: () => {} }}
        records={[{ id: 'one' }, { id: 'two' }]}
        list={{ label: 'Notes list', empty: 'No notes yet', item }}
      />,
    );
    expect(screen.getByRole('region', { name: 'Notes' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Notes list' }).querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Add note' })).toBeTruthy();
    cleanup();
    wrap(
      <RecordSection
        title="Notes"
        records={[]}
        list={{ label: 'Notes list', empty: 'No notes yet', item }}
      />,
    );
    expect(screen.getByText('No notes yet')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks before deleting and hands the record to onConfirm', () => {
    const onConfirm = vi.fn();
    wrap(
      <RecordSection
        title="Media"
        confirm={{ title: 'Delete it', question: 'Sure?', record: { id: 'x' }, onConfirm, onClose: () => {} }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledWith({ id: 'x' });
  });
});

describe('useRecordSection', () => {
  it('opens the editor for a new or an existing record and revises its draft', () => {
    const { result } = renderHook(() => useRecordSection<{ n: number }>());
    expect(result.current.editing).toBeUndefined();
    act(() => result.current.add());
    expect(result.current.editing).toEqual({});
    act(() => result.current.edit({ n: 1 }));
    act(() => result.current.revise((r) => ({ n: r.n + 1 })));
    expect(result.current.editing?.record).toEqual({ n: 2 });
    act(() => result.current.closeEditor());
    expect(result.current.editing).toBeUndefined();
    act(() => result.current.askDelete({ n: 3 }));
    expect(result.current.deleting).toEqual({ n: 3 });
  });

  it('toasts a write that went through in green and one that failed in red with the reason', async () => {
    const { result } = renderHook(() => useRecordSection<string>());
    expect(await result.current.run(async () => {}, 'leads:media.added', 'leads:media.addError')).toBe(true);
    expect(
      await result.current.run(
        async () => {
          throw new Error('disk full');
        },
        'leads:media.added',
        'leads:media.addError',
      ),
    ).toBe(false);
    expect(shown.map((n) => [n.color, n.message])).toEqual([
      ['green', ''],
      ['red', 'disk full'],
    ]);
    expect(shown[0]?.title).not.toBe('leads:media.added');
  });
});
