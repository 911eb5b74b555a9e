// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (messages, a device database, toasts)
import '#src/app/i18n.ts';
import type { AnnouncementRow } from '#src/db/rows.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { provideBrowserFeaturesForMantine } from '#src/ui/testing/jsdomForMantine.ts';
import { testActor } from '#tests/support/actors.ts';
import { AnnouncementsPage } from './AnnouncementsPage.tsx';

const device = vi.hoisted(() => ({
  rows: [] as AnnouncementRow[],
  read: new Set<string>(),
  level: 'User' as 'User' | 'Admin',
  markRead: vi.fn(async (_ids: readonly string[]) => {}),
}));
vi.mock('#src/device/hooks/useAnnouncements.ts', () => ({
  useAnnouncements: () => device.rows,
  useReadAnnouncementIds: () => device.read,
}));
vi.mock('#src/device/hooks/useUsers.ts', () => ({ useUserNames: () => new Map([['admin', 'Ada Admin']]) }));
vi.mock('#src/device/hooks/useCommands.ts', () => ({
  useCommands: () => ({ markAnnouncementsRead: device.markRead, saveRecord: vi.fn(), deleteRecord: vi.fn() }),
}));
vi.mock('#src/device/hooks/useActor.ts', () => ({
  useActor: (): Actor => testActor(device.level),
}));

beforeAll(provideBrowserFeaturesForMantine);
afterEach(cleanup);

const row = (
  id: string,
  title: string,
  category: string,
  date: string,
  extra: Partial<AnnouncementRow> = {},
) => ({ _id: id, title, category, date, author_id: 'admin', content: '', ...extra }) as AnnouncementRow;

describe('the updates page', () => {
  it('lists newest first, marks unread ones and marks one read when opened', () => {
    device.level = 'User';
    device.read = new Set(['old']);
    device.rows = [
      row('old', 'Old news', 'Policies', '2026-11-01T12:00:00.000Z'),
      row('new', 'SPIFF', 'Incentives', '2026-11-20T12:00:00.000Z', {
        content: 'A <b>bonus</b><script>alert(1)</script>',
        link: { url: 'https://example.com/rules', button_text: 'Read the rules' },
      }),
    ];
    render(
      <MantineProvider>
        <MemoryRouter>
          <AnnouncementsPage />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Updates' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New announcement' })).toBeNull();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings[0]).toContain('SPIFF');
    expect(headings[0]).toContain('Unread');
    expect(headings[0]).toContain('Ada Admin');
    expect(headings[1]).not.toContain('Unread');
    expect(screen.getByText('1 unread')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /SPIFF/ }));
    expect(device.markRead).toHaveBeenCalledWith(['new']);
    const item = document.getElementById('announcement-new') as HTMLElement;
    const content = within(item).getByTestId('announcement-content');
    expect(content.innerHTML).toBe('A <b>bonus</b>');
    expect(
      within(item).getByRole('link', { name: 'Read the rules', hidden: true }).getAttribute('href'),
    ).toBe('https://example.com/rules');
  });

  it('gives admins the new, edit and delete controls', async () => {
    device.level = 'Admin';
    device.read = new Set();
    device.rows = [
      row('a', 'Hours', 'Policies', '2026-11-01T12:00:00.000Z', { content: 'Read the <b>bonus</b> rules' }),
    ];
    render(
      <MantineProvider>
        <MemoryRouter>
          <AnnouncementsPage />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'New announcement' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Hours/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Hours', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete announcement' });
    expect(within(dialog).getByText(/Delete “Hours” for everyone/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'New announcement' }));
    const form = await screen.findByRole('dialog', { name: 'New announcement' });
    expect(within(form).getByRole('textbox', { name: 'Content' })).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Give the announcement a title.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));

    // Editing opens the editor with the announcement's content in it.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Hours', hidden: true }));
    const edit = await screen.findByRole('dialog', { name: 'Edit announcement' });
    const content = await within(edit).findByRole('textbox', { name: 'Content' });
    expect(await within(content).findByText('bonus')).toBeTruthy();
  });

  it('opens, marks read and shows the announcement a notification leads to', () => {
    device.level = 'User';
    device.read = new Set();
    device.markRead.mockClear();
    device.rows = [
      row('a', 'Hours', 'Policies', '2026-11-01T12:00:00.000Z'),
      row('b', 'SPIFF', 'Incentives', '2026-11-20T12:00:00.000Z', { content: 'Bonus week' }),
    ];
    Element.prototype.scrollIntoView ??= () => {};
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/update?open=a']}>
          <AnnouncementsPage />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(device.markRead).toHaveBeenCalledWith(['a']);
    expect(screen.getByRole('button', { name: /Hours/ }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: /SPIFF/ }).getAttribute('aria-expanded')).toBe('false');
  });
});
