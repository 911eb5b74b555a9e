import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableViewRow } from '#src/db/rows.ts';
import { useTableViews } from '#src/device/hooks/useTableRows.ts';
import type { Actor } from '#src/domain/permissions.ts';
import type { TableDefinition, ViewProperties } from '#src/domain/tables/registry.ts';
import { showToast } from '#src/ui/toasts.tsx';
import {
  defaultViewRow,
  failureText,
  listedViews,
  shownProperties,
  shownView,
  type ViewDraft,
  viewIsReadOnly,
} from '../utils/savedViews.ts';
import { useViewActions } from './useViewActions.ts';
import { useViewSaving } from './useViewSaving.ts';

export interface TableViewState {
  /** False until the saved views are read (the view shown is then the user's own). */
  ready: boolean;
  views: TableViewRow[];
  view: TableViewRow;
  /** The name of the table's plain default view (all records, default columns). */
  defaultName: string;
  /** False for the default view of a table without views, until its first change stores it. */
  stored: boolean;
  properties: ViewProperties;
  readOnly: boolean;
  select(id: string): void;
  update(patch: Partial<ViewProperties>): void;
  create(): Promise<void>;
  rename(name: string): Promise<void>;
  remove(): Promise<void>;
  setGlobal(global: boolean): Promise<void>;
  setViewType(viewType: number): Promise<void>;
}

/** The table's saved views, the one shown, and its changes saved through the outbox. */
export function useTableView(table: TableDefinition, actor: Actor): TableViewState {
  const { t } = useTranslation('tables');
  const stored = useTableViews(table.key);
  // The named views (dashboard, user_profile) belong to the screens that show them, not to the list.
  const views = useMemo(() => listedViews(stored), [stored]);
  const [selectedId, setSelectedId] = useState<string>('');
  const defaultView = useMemo(
    () => defaultViewRow(table, t('tables.defaultView'), actor.user_id),
    [t, table, actor.user_id],
  );
  const view = shownView(views, selectedId, actor.user_id, defaultView);
  const isStored = view !== defaultView;
  const readOnly = viewIsReadOnly(actor, view, isStored);
  // What the user changed, shown at once and saved after a pause.
  const [draft, setDraft] = useState<ViewDraft | null>(null);
  const properties = useMemo(() => shownProperties(draft, view, table), [draft, view, table]);
  const fail = useCallback(
    (err: unknown) => showToast({ color: 'red', title: t('tables.saveError'), message: failureText(err) }),
    [t],
  );
  const saving = { table, defaultView, userId: actor.user_id, setSelectedId, setDraft, fail };
  const { queue, storeDefault } = useViewSaving(saving);
  const actions = useViewActions({
    ...saving,
    count: views.length,
    view,
    stored: isStored,
    properties,
    queue,
    storeDefault,
  });

  const update = (patch: Partial<ViewProperties>) => {
    const next = { ...properties, ...patch };
    setDraft({ id: view._id, properties: next });
    // Someone else's global view still filters and sorts for the user, it just is not saved.
    if (!readOnly) queue.schedule({ view, stored: isStored, properties: next });
  };
  const select = (id: string) => {
    void queue.flush();
    setSelectedId(id);
  };

  return {
    ready: stored !== undefined,
    views,
    view,
    defaultName: String(defaultView.name),
    stored: isStored,
    properties,
    readOnly,
    select,
    update,
    ...actions,
  };
}
