/**
 * Workspaces (SPEC section 3 "Workspace"): an org's shared table set-ups, each under a key, with
 * `dash_data` per table (headers, filters, groupings, data). Everyone in the org reads them; only
 * admins create them and update their tables (SPEC section 6).
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Actor, can } from '#src/domain/permissions.ts';
import {
  dashDataSchema,
  type WorkspaceCreateInput,
  type WorkspaceUpdateInput,
} from '#src/domain/schemas/userConfig.ts';
import { describeZodError } from '#src/domain/validation.ts';
import { workspaces } from '../db/schema.ts';
import type { ServiceContext, Tx } from './context.ts';
import { conflict, forbidden, invalid, notFound } from './serviceError.ts';
import { inVersionedTransaction } from './versions.ts';

type WorkspaceRow = typeof workspaces.$inferSelect;

const toWire = (row: WorkspaceRow) => ({ ...row, _id: row.id, workspace_id: row.workspace_key });

export async function listWorkspaces(ctx: ServiceContext, actor: Actor, query: { workspace_key?: string }) {
  if (!can(actor, 'workspaces.read')) throw forbidden('You do not have access to workspaces.');
  const rows = await ctx.db
    .select()
    .from(workspaces)
    .where(
      and(
        eq(workspaces.org_id, actor.org_id),
        isNull(workspaces.deleted_at),
        query.workspace_key ? eq(workspaces.workspace_key, query.workspace_key) : undefined,
      ),
    )
    .orderBy(asc(workspaces.workspace_key));
  return { workspaces: rows.map(toWire) };
}

/** Serialises writes of one org's workspaces, so two creations of the same key cannot both pass. */
async function lockOrgWorkspaces(tx: Tx, orgId: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('workspaces'), ${orgId})`);
}

async function findByKey(tx: Tx, orgId: number, key: string) {
  const [row] = await tx
    .select()
    .from(workspaces)
    .where(
      and(eq(workspaces.org_id, orgId), eq(workspaces.workspace_key, key), isNull(workspaces.deleted_at)),
    );
  return row;
}

export async function createWorkspace(ctx: ServiceContext, actor: Actor, input: WorkspaceCreateInput) {
  if (!can(actor, 'workspaces.manage')) throw forbidden('Only admins can create workspaces.');
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    await lockOrgWorkspaces(tx, actor.org_id);
    if (await findByKey(tx, actor.org_id, input.workspace_key))
      throw conflict(`A workspace '${input.workspace_key}' already exists.`);
    const [row] = await tx
      .insert(workspaces)
      .values({
        org_id: actor.org_id,
        workspace_key: input.workspace_key,
        dash_data: input.dash_data,
        version,
        created_by: actor.user_id,
        updated_by: actor.user_id,
      })
      .returning();
    return { workspace: toWire(row as WorkspaceRow) };
  });
}

/** Replaces one table's part of a workspace, keeping the other tables as they are. */
export async function updateWorkspace(ctx: ServiceContext, actor: Actor, input: WorkspaceUpdateInput) {
  if (!can(actor, 'workspaces.manage')) throw forbidden('Only admins can update workspace tables.');
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    await lockOrgWorkspaces(tx, actor.org_id);
    const existing = await findByKey(tx, actor.org_id, input.workspace_key);
    if (!existing) throw notFound(`There is no workspace '${input.workspace_key}'.`);
    const current = existing.dash_data && typeof existing.dash_data === 'object' ? existing.dash_data : {};
    // The whole document stays within its bound, however many tables were updated one by one.
    const next = dashDataSchema.safeParse({ ...current, [input.table]: input.table_data });
    if (!next.success) throw invalid(`dash_data: ${describeZodError(next.error)}`);
    const [row] = await tx
      .update(workspaces)
      .set({
        dash_data: next.data,
        version,
        updated_at: ctx.now().toISOString(),
        updated_by: actor.user_id,
      })
      .where(eq(workspaces.id, existing.id))
      .returning();
    return { workspace: toWire(row as WorkspaceRow) };
  });
}
