/**
 * The rules of a table screen's saved views, without React: which views the list offers, which one
 * is shown, whether the user may change it, the properties shown while a change waits to be saved,
 * and the fields each save writes (useTableView binds them to the device).
 */
import type { TableViewRow } from '#src/db/rows.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { NAMED_VIEWS, VIEW_TYPES } from '#src/domain/schemas/records.ts';
import {
  defaultViewProperties,
  readViewProperties,
  type TableDefinition,
  type ViewProperties,
} from '#src/domain/tables/registry.ts';
import { canChangeView, type ViewFacts } from '#src/domain/tableViews.ts';

/** A change shown at once for the view with this id (`''`: the unsaved default view). */
export interface ViewDraft {
  id: string;
  properties: ViewProperties;
}

/** The views a screen shows itself (dashboard, user_profile), not offered in the table's list. */
export function isNamedView(name: unknown): boolean {
  return (NAMED_VIEWS as readonly string[]).includes(
    String(name ?? '')
      .trim()
      .toLowerCase(),
  );
}

function byNameThenId(a: TableViewRow, b: TableViewRow): number {
  return (a.name ?? '').localeCompare(b.name ?? '') || a._id.localeCompare(b._id);
}

/** The table's views the list offers: not deleted, not named, by name (then id). */
export function listedViews(stored: readonly TableViewRow[] | undefined): TableViewRow[] {
  return (stored ?? []).filter((v) => !v.deleted_at && !isNamedView(v.name)).sort(byNameThenId);
}

/** The plain default view of a table (all records, default columns), not stored until changed. */
export function defaultViewRow(table: TableDefinition, name: string, userId: string): TableViewRow {
  return {
    _id: '',
    name,
    table_name: table.key,
    view_type: VIEW_TYPES.grid,
    properties: { ...defaultViewProperties(table) },
    global: false,
    is_workshop: false,
    created_by: userId,
  };
}

/**
 * The view shown: the one picked, else the user's own first view, else the plain default — never
 * someone else's (a global view an admin filtered would look like missing records).
 */
export function shownView(
  views: readonly TableViewRow[],
  selectedId: string,
  userId: string,
  fallback: TableViewRow,
): TableViewRow {
  return views.find((v) => v._id === selectedId) ?? views.find((v) => v.created_by === userId) ?? fallback;
}

/**
 * Who may keep no views (Guests) changes none; others only the stored views the rules let them
 * change.
 */
export function viewIsReadOnly(actor: Actor, view: TableViewRow, stored: boolean): boolean {
  if (recordDenial(actor, 'table_views', 'create', undefined) !== undefined) return true;
  return stored && !canChangeView(actor, view as ViewFacts);
}

/** The properties shown: the change waiting for this view, else the view's own, read safely. */
export function shownProperties(
  draft: ViewDraft | null,
  view: TableViewRow,
  table: TableDefinition,
): ViewProperties {
  return draft && draft.id === view._id ? draft.properties : readViewProperties(table, view.properties);
}

/** Once the default view is stored under `id`, the change shown for it follows it there. */
export function storedDraft(draft: ViewDraft | null, id: string): ViewDraft | null {
  return draft && draft.id === '' ? { id, properties: draft.properties } : draft;
}

/** The stored fields of a view's properties (headers and groupings mirror them for the spec's API). */
export function viewFields(p: ViewProperties) {
  return {
    properties: { ...p },
    headers: p.columns,
    groupings: p.query.groupBy ? [p.query.groupBy] : [],
  };
}

/** The fields that store the default view on its first change, with the change's own fields. */
export function defaultViewRecord(
  table: TableDefinition,
  defaultView: TableViewRow,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  return {
    name: String(defaultView.name),
    table_name: table.key,
    view_type: VIEW_TYPES.grid,
    global: false,
    is_workshop: false,
    headers: [],
    groupings: [],
    properties: defaultView.properties,
    ...fields,
  };
}

/** The fields of a view made with "New view": a workshop grid of the default columns. */
export function newViewRecord(table: TableDefinition, name: string): Record<string, unknown> {
  return {
    name,
    table_name: table.key,
    view_type: VIEW_TYPES.grid,
    properties: { ...defaultViewProperties(table) },
    headers: [],
    groupings: [],
    global: false,
    is_workshop: true,
  };
}

/** What a failed save says. */
export function failureText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
