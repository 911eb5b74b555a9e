import type { AnnouncementRow } from '#src/db/rows.ts';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import type { AnyMessageKey } from '#src/ui/messages.ts';
import { toastedWrite } from '#src/ui/toasts.tsx';

/**
 * An admin's writes of announcements through the record commands (saved on the device at once and
 * synced), each with its toast: green on success, red with the reason on failure. Answers whether
 * the write was kept, so a form stays open with what was typed when it was not.
 */
export function useAnnouncementActions() {
  const { saveRecord, deleteRecord, markAnnouncementsRead } = useCommands();
  const actor = useActor();

  const attempt = async (write: () => Promise<unknown>, done: AnyMessageKey, failed: AnyMessageKey) =>
    (await toastedWrite(write, done, failed)).ok;

  return {
    save: (existing: AnnouncementRow | undefined, fields: Record<string, unknown>) =>
      attempt(
        async () => {
          const id = await saveRecord('announcements', existing?._id, fields, actor.user_id);
          // What one writes oneself is not news to oneself.
          await markAnnouncementsRead([id]);
        },
        existing ? 'announcements:announcements.edited' : 'announcements:announcements.added',
        existing ? 'announcements:announcements.editError' : 'announcements:announcements.addError',
      ),
    remove: (row: AnnouncementRow) =>
      attempt(
        () => deleteRecord('announcements', row._id),
        'announcements:announcements.deleted',
        'announcements:announcements.deleteError',
      ),
  };
}
