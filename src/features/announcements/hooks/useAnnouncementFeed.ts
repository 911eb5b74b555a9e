import { useMemo } from 'react';
import { useAnnouncements, useReadAnnouncementIds } from '#src/device/hooks/useAnnouncements.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useUserNames } from '#src/device/hooks/useUsers.ts';
import { announcementsToShow, unreadCount } from '#src/domain/announcements.ts';
import type { AnnouncementCategory } from '#src/domain/schemas/records.ts';

const NO_IDS: ReadonlySet<string> = new Set();

/** The announcements to list (newest first, of one category or all), which are unread, and their authors. */
export function useAnnouncementFeed(category: AnnouncementCategory | null) {
  const rows = useAnnouncements();
  const read = useReadAnnouncementIds();
  const names = useUserNames();
  const { markAnnouncementsRead } = useCommands();
  const shown = useMemo(() => announcementsToShow(rows ?? [], category), [rows, category]);
  const readIds = read ?? NO_IDS;
  return {
    loading: rows === undefined,
    any: !!rows?.length,
    shown,
    // Until the read state is known nothing is marked unread, so nothing flashes.
    isUnread: (id: string) => read !== undefined && !readIds.has(id),
    unread: read === undefined ? 0 : unreadCount(rows ?? [], readIds),
    authorOf: (authorId: string | null | undefined) => (authorId ? names?.get(authorId) : undefined),
    markRead: (ids: readonly string[]) => markAnnouncementsRead(ids.filter((id) => !readIds.has(id))),
  };
}
