import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableViewRow } from '../../db/rows.ts';
import { useCommands } from '../../device/hooks/useCommands.ts';
import { useTableViews } from '../../device/hooks/useTableRows.ts';
import type { Actor } from '../../domain/permissions.ts';
import { NAMED_VIEWS, VIEW_TYPES } from '../../domain/schemas/records.ts';
import {
  defaultViewProperties,
  readViewProperties,
  type TableDefinition,
  type ViewProperties,
} from '../../domain/tables/registry.ts';
import { canChangeView, type ViewFacts, viewChangeFields } from '../../domain/tableViews.ts';
import { showToast } from '../../ui/toasts.tsx';

/** Changes are saved once the user pauses, not on every keystroke or resize step. */
const SAVE_DELAY_MS = 500;

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

/** The stored fields of a view's properties (headers and groupings mirror them for the spec's API). */
function viewFields(p: ViewProperties) {
  return {
    properties: { ...p },
    headers: p.columns,
    groupings: p.query.groupBy ? [p.query.groupBy] : [],
  };
}

export function isNamedView(name: unknown): boolean {
  return (NAMED_VIEWS as readonly string[]).includes(
    String(name ?? '')
      .trim()
      .toLowerCase(),
  );
}

function sortViews(a: TableViewRow, b: TableViewRow): number {
  return (a.name ?? '').localeCompare(b.name ?? '') || a._id.localeCompare(b._id);
}

/** The table's saved views, the one shown, and its changes saved through the outbox. */
export function useTableView(table: TableDefinition, actor: Actor): TableViewState {
  const { t } = useTranslation('tables');
  const { deleteRecord, saveRecord } = useCommands();
  const stored = useTableViews(table.key);
  // The named views (dashboard, user_profile) belong to the screens that show them, not to the list.
  const views = useMemo(
    () => (stored ?? []).filter((v) => !v.deleted_at && !isNamedView(v.name)).sort(sortViews),
    [stored],
  );
  const [selectedId, setSelectedId] = useState<string>('');
  const defaultView = useMemo<TableViewRow>(
    () => ({
      _id: '',
      name: t('tables.defaultView'),
      table_name: table.key,
      view_type: VIEW_TYPES.grid,
      properties: { ...defaultViewProperties(table) },
      global: false,
      is_workshop: false,
      created_by: actor.user_id,
    }),
    [t, table, actor.user_id],
  );
  // Until the user picks one, a table opens on their own first view, else on the plain default —
  // never on someone else's (a global view an admin filtered would look like missing records).
  const ownViews = useMemo(() => views.filter((v) => v.created_by === actor.user_id), [views, actor.user_id]);
  const view = views.find((v) => v._id === selectedId) ?? ownViews[0] ?? defaultView;
  const isStored = view !== defaultView;
  const readOnly = actor.level === 'Guest' || (isStored && !canChangeView(actor, view as ViewFacts));

  // What the user changed, shown at once and saved after a pause.
  const [draft, setDraft] = useState<{ id: string; properties: ViewProperties } | null>(null);
  const properties = useMemo(
    () => (draft && draft.id === view._id ? draft.properties : readViewProperties(table, view.properties)),
    [draft, view, table],
  );

  const fail = useCallback(
    (err: unknown) =>
      showToast({
        color: 'red',
        title: t('tables.saveError'),
        message: err instanceof Error ? err.message : String(err),
      }),
    [t],
  );

  /** Stores the default view with these fields, answering its new id. */
  const storeDefault = useCallback(
    async (fields: Record<string, unknown>) => {
      const id = await saveRecord(
        'table_views',
        undefined,
        {
          name: String(defaultView.name),
          table_name: table.key,
          view_type: VIEW_TYPES.grid,
          global: false,
          is_workshop: false,
          headers: [],
          groupings: [],
          properties: defaultView.properties,
          ...fields,
        },
        actor.user_id,
      );
      setSelectedId(id);
      return id;
    },
    [saveRecord, defaultView, table.key, actor.user_id],
  );

  const pending = useRef<{ view: TableViewRow; stored: boolean; properties: ViewProperties } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    try {
      const fields = viewFields(next.properties);
      if (next.stored) {
        await saveRecord('table_views', next.view._id, viewChangeFields(next.view as ViewFacts, fields));
      } else {
        const id = await storeDefault(fields);
        setDraft((d) => (d && d.id === '' ? { id, properties: d.properties } : d));
      }
    } catch (err) {
      fail(err);
    }
  }, [saveRecord, storeDefault, fail]);
  // Changes still waiting are saved when the screen goes away.
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => () => void flushRef.current(), []);

  const update = useCallback(
    (patch: Partial<ViewProperties>) => {
      const next = { ...properties, ...patch };
      setDraft({ id: view._id, properties: next });
      // Someone else's global view still filters and sorts for the user, it just is not saved.
      if (readOnly) return;
      if (pending.current && pending.current.view._id !== view._id) void flush();
      pending.current = { view, stored: isStored, properties: next };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [properties, view, isStored, readOnly, flush],
  );

  const select = useCallback(
    (id: string) => {
      void flush();
      setSelectedId(id);
    },
    [flush],
  );

  const create = useCallback(async () => {
    await flush();
    try {
      const id = await saveRecord(
        'table_views',
        undefined,
        {
          name: t('tables.newViewName', { count: views.length + 1 }),
          table_name: table.key,
          view_type: VIEW_TYPES.grid,
          properties: { ...defaultViewProperties(table) },
          headers: [],
          groupings: [],
          global: false,
          is_workshop: true,
        },
        actor.user_id,
      );
      setSelectedId(id);
      showToast({ message: t('tables.viewCreated') });
    } catch (err) {
      fail(err);
    }
  }, [flush, saveRecord, t, views.length, table, actor.user_id, fail]);

  /** Saves fields of the shown view (storing the default view first when needed). */
  const change = useCallback(
    async (fields: Record<string, unknown>) => {
      await flush();
      if (isStored) await saveRecord('table_views', view._id, viewChangeFields(view as ViewFacts, fields));
      else await storeDefault({ ...viewFields(properties), ...fields });
    },
    [flush, isStored, saveRecord, view, storeDefault, properties],
  );

  const rename = useCallback(
    async (name: string) => {
      try {
        await change({ name });
        showToast({ message: t('tables.viewRenamed') });
      } catch (err) {
        fail(err);
      }
    },
    [change, t, fail],
  );

  const remove = useCallback(async () => {
    if (!isStored) return;
    pending.current = null;
    clearTimeout(timer.current);
    try {
      await deleteRecord('table_views', view._id);
      setSelectedId('');
      showToast({ message: t('tables.viewDeleted') });
    } catch (err) {
      fail(err);
    }
  }, [isStored, deleteRecord, view._id, t, fail]);

  const setGlobal = useCallback(
    async (global: boolean) => {
      try {
        await change({ global });
        showToast({ message: t(global ? 'tables.madeGlobal' : 'tables.removedGlobal') });
      } catch (err) {
        fail(err);
      }
    },
    [change, t, fail],
  );

  const setViewType = useCallback(
    async (viewType: number) => {
      try {
        await change({ view_type: viewType });
      } catch (err) {
        fail(err);
      }
    },
    [change, fail],
  );

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
    create,
    rename,
    remove,
    setGlobal,
    setViewType,
  };
}
