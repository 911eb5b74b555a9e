import { useActor } from '#src/device/hooks/useActor.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import type { ContestRow } from '#src/device/hooks/useContests.ts';
import type { AnyMessageKey } from '#src/ui/messages.ts';
import { toastedWrite } from '#src/ui/toasts.tsx';

/**
 * An admin's writes of contests through the contest commands (kept on the device at once and
 * synced), each with its toast: green on success, red with the reason on failure. Answers whether
 * the write was kept, so the form stays open with what was typed when it was not.
 */
export function useContestActions() {
  const { saveContest, deleteContest } = useCommands();
  const actor = useActor();

  const attempt = async (write: () => Promise<unknown>, done: AnyMessageKey, failed: AnyMessageKey) =>
    (await toastedWrite(write, done, failed)).ok;

  return {
    save: (existing: ContestRow | undefined, fields: Record<string, unknown>) =>
      attempt(
        () => saveContest(existing?._id, fields, actor.user_id),
        existing ? 'contests:contests.edited' : 'contests:contests.added',
        existing ? 'contests:contests.editError' : 'contests:contests.addError',
      ),
    remove: (row: ContestRow) =>
      attempt(() => deleteContest(row._id), 'contests:contests.deleted', 'contests:contests.deleteError'),
  };
}
