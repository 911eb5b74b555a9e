import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableViewRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import type { TableDefinition, ViewProperties } from '#src/domain/tables/registry.ts';
import { type ViewFacts, viewChangeFields } from '#src/domain/tableViews.ts';
import { showToast } from '#src/ui/toasts.tsx';
import { newViewRecord, viewFields } from '../utils/savedViews.ts';
import type { ViewSaveQueue } from '../utils/viewSaveQueue.ts';

/** What the view bar does to the shown view: make a new one, rename, delete, make global, change type. */
export function useViewActions({
  table,
  userId,
  count,
  view,
  stored,
  properties,
  queue,
  storeDefault,
  setSelectedId,
  fail,
}: {
  table: TableDefinition;
  userId: string;
  /** How many views the list offers (a new view is named after the next number). */
  count: number;
  view: TableViewRow;
  stored: boolean;
  properties: ViewProperties;
  queue: ViewSaveQueue;
  storeDefault(fields: Record<string, unknown>): Promise<string>;
  setSelectedId(id: string): void;
  fail(err: unknown): void;
}) {
  const { t } = useTranslation('tables');
  const { deleteRecord, saveRecord } = useCommands();
  /** Runs a change after the waiting one is saved, saying how it went. */
  const attempt = useCallback(
    async (work: () => Promise<unknown>, done?: string) => {
      try {
        await work();
        if (done) showToast({ color: 'green', title: done, message: '' });
      } catch (err) {
        fail(err);
      }
    },
    [fail],
  );

  /** Saves fields of the shown view (storing the default view first when needed). */
  const change = async (fields: Record<string, unknown>) => {
    await queue.flush();
    if (stored) await saveRecord('table_views', view._id, viewChangeFields(view as ViewFacts, fields));
    else await storeDefault({ ...viewFields(properties), ...fields });
  };

  const create = async () => {
    await queue.flush();
    await attempt(async () => {
      const name = t('tables.newViewName', { count: count + 1 });
      setSelectedId(await saveRecord('table_views', undefined, newViewRecord(table, name), userId));
    }, t('tables.viewCreated'));
  };
  const rename = (name: string) => attempt(() => change({ name }), t('tables.viewRenamed'));
  const remove = async () => {
    if (!stored) return;
    queue.drop();
    await attempt(async () => {
      await deleteRecord('table_views', view._id);
      setSelectedId('');
    }, t('tables.viewDeleted'));
  };
  const setGlobal = (global: boolean) =>
    attempt(() => change({ global }), t(global ? 'tables.madeGlobal' : 'tables.removedGlobal'));
  const setViewType = (viewType: number) => attempt(() => change({ view_type: viewType }));

  return { create, rename, remove, setGlobal, setViewType };
}
