/**
 * The legacy filter calls (SPEC section 7) over the table screens' saved views (`table_views`,
 * stored in `filter_views`): `set_filter_global` saves a view through the records service (so
 * making one global needs `views.global`, as in the app) and `get_table_filters` lists the views a
 * rep sees there: the global ones and their own.
 */
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type {
  LegacyFilterData,
  SetFilterGlobalInput,
  TableFiltersQuery,
} from '#src/domain/schemas/legacyData.ts';
import { recordFieldsSchema, TABLE_KEYS } from '#src/domain/schemas/records.ts';
import { filterViews } from '../db/schema.ts';
import type { Caller } from './actors.ts';
import type { ServiceContext } from './context.ts';
import { checked, recordHolder, requireSelf, viewFields } from './legacyData.ts';
import { saveRecord } from './records.ts';
import { forbidden, invalid, notFound } from './serviceError.ts';

type ViewRow = typeof filterViews.$inferSelect;

/** A view as the legacy clients read it (SPEC section 3: table, creator_ref). */
function viewToLegacy(row: ViewRow) {
  return { ...row, _id: row.id, table: row.table_name, creator_ref: row.creator_id };
}

export async function setFilterGlobal(ctx: ServiceContext, caller: Caller, input: SetFilterGlobalInput) {
  requireSelf(caller, input.rep_id, 'rep_id');
  const { actor } = caller;
  const fields = { ...viewFields((input.filter_data ?? {}) as LegacyFilterData), global: input.is_global };
  const holder = await recordHolder(ctx.db, 'table_views', input.filter_id, actor.org_id);
  if (holder === 'other') throw notFound('This view does not exist.');
  // A view the server has not seen yet is saved from filter_data (which then needs its name and table).
  checked(recordFieldsSchema('table_views', holder === 'none'), fields);
  const row = await saveRecord(ctx, actor, {
    table: 'table_views',
    id: input.filter_id,
    fields,
    create: holder === 'none',
  });
  return viewToLegacy(row as ViewRow);
}

export async function tableFilters(ctx: ServiceContext, caller: Caller, query: TableFiltersQuery) {
  requireSelf(caller, query.rep_id, 'rep_id');
  const { actor } = caller;
  if (actor.level === 'Guest') throw forbidden('Guests have no saved views.');
  if (query.table !== undefined && !(TABLE_KEYS as readonly string[]).includes(query.table))
    throw invalid(`table: must be one of: ${TABLE_KEYS.join(', ')}.`);
  const rows = await ctx.db
    .select()
    .from(filterViews)
    .where(
      and(
        eq(filterViews.org_id, actor.org_id),
        isNull(filterViews.deleted_at),
        or(eq(filterViews.global, true), eq(filterViews.created_by, actor.user_id)),
        query.table !== undefined ? eq(filterViews.table_name, query.table) : undefined,
      ),
    )
    .orderBy(asc(filterViews.table_name), asc(filterViews.name), asc(filterViews.id));
  return rows.map(viewToLegacy);
}
