import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import type { TableViewRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import type { TableDefinition } from '#src/domain/tables/registry.ts';
import { type ViewFacts, viewChangeFields } from '#src/domain/tableViews.ts';
import { defaultViewRecord, storedDraft, type ViewDraft, viewFields } from '../utils/savedViews.ts';
import { type PendingView, ViewSaveQueue } from '../utils/viewSaveQueue.ts';

/**
 * How a table screen's view changes reach the outbox: the queue that saves them after a pause (and
 * whatever still waits when the screen goes away), and the first save of the plain default view.
 */
export function useViewSaving({
  table,
  defaultView,
  userId,
  setSelectedId,
  setDraft,
  fail,
}: {
  table: TableDefinition;
  defaultView: TableViewRow;
  userId: string;
  setSelectedId(id: string): void;
  setDraft: Dispatch<SetStateAction<ViewDraft | null>>;
  fail(err: unknown): void;
}) {
  const { saveRecord } = useCommands();

  /** Stores the default view with these fields, answering its new id. */
  const storeDefault = useCallback(
    async (fields: Record<string, unknown>) => {
      const id = await saveRecord(
        'table_views',
        undefined,
        defaultViewRecord(table, defaultView, fields),
        userId,
      );
      setSelectedId(id);
      return id;
    },
    [saveRecord, defaultView, table, userId, setSelectedId],
  );

  const save = async (next: PendingView) => {
    try {
      const fields = viewFields(next.properties);
      if (next.stored) {
        await saveRecord('table_views', next.view._id, viewChangeFields(next.view as ViewFacts, fields));
      } else {
        const id = await storeDefault(fields);
        setDraft((d) => storedDraft(d, id));
      }
    } catch (err) {
      fail(err);
    }
  };
  // The queue lives as long as the screen and always saves with this render's commands.
  const saveRef = useRef(save);
  saveRef.current = save;
  const [queue] = useState(() => new ViewSaveQueue((next) => saveRef.current(next)));
  // Changes still waiting are saved when the screen goes away.
  useEffect(() => () => void queue.flush(), [queue]);

  return { queue, storeDefault };
}
