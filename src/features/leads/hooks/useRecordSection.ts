import { useState } from 'react';
import type { AnyMessageKey } from '#src/ui/messages.ts';
import { toastDone, toastFailed } from '#src/ui/toasts.tsx';

/**
 * The add/edit/delete flow of a lead-detail record section: which record the editor shows (an
 * empty object for a new one), which record waits for the delete confirmation, and `run`, which
 * performs a write and toasts its outcome (the spec's green title, or a red one with the reason).
 */
export function useRecordSection<T>() {
  const [editing, setEditing] = useState<{ record?: T } | undefined>();
  const [deleting, setDeleting] = useState<T | undefined>();

  /** Runs a write, toasts `doneKey` or `failedKey` with the reason; true when it went through. */
  async function run(
    write: () => Promise<unknown>,
    doneKey: AnyMessageKey,
    failedKey: AnyMessageKey,
  ): Promise<boolean> {
    try {
      await write();
      toastDone(doneKey);
      return true;
    } catch (err) {
      toastFailed(failedKey, err);
      return false;
    }
  }

  return {
    editing,
    add: () => setEditing({}),
    edit: (record: T) => setEditing({ record }),
    /** Changes the record being edited (a draft the editor holds), from its latest state. */
    revise: (change: (record: T) => T) =>
      setEditing((old) => (old?.record === undefined ? old : { record: change(old.record) })),
    closeEditor: () => setEditing(undefined),
    deleting,
    askDelete: (record: T) => setDeleting(record),
    closeDelete: () => setDeleting(undefined),
    run,
  };
}
