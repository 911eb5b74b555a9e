/** Interface configurations (the spec's `interfaces` calls); `deal_stage` holds the pipeline. */
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_DEAL_STAGES, type DealStage } from '#src/domain/dealStages.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { can } from '#src/domain/permissions.ts';
import { dealStageConfigSchema } from '#src/domain/schemas/dealStages.ts';
import { GEOCODER_KEY, geocoderSettingSchema } from '#src/domain/schemas/geocoder.ts';
import { BRANDING_KEY, brandingSchema, type InterfaceEditInput } from '#src/domain/schemas/interfaces.ts';
import { MAP_IMAGERY_KEY, mapImagerySettingSchema } from '#src/domain/schemas/mapImagery.ts';
import { MAP_TILES_KEY, mapTilesSettingSchema } from '#src/domain/schemas/mapTiles.ts';
import { PAY_PLAN_KEY, payPlanSchema } from '#src/domain/schemas/payPlan.ts';
import { WALK_RULES_KEY, walkRulesSchema } from '#src/domain/schemas/walkRules.ts';
import { describeZodError } from '#src/domain/validation.ts';
import { interfaces } from '../db/schema.ts';
import type { ServiceContext, Tx } from './context.ts';
import { forbidden, invalid } from './serviceError.ts';
import { inVersionedTransaction } from './versions.ts';

export const DEAL_STAGE_KEY = 'deal_stage';

/**
 * The org-wide settings every device of the org pulls (server/services/sync.ts), by their
 * interface key, each with the schema a change must pass.
 */
export const ORG_SETTINGS: Readonly<Record<string, z.ZodType>> = {
  [DEAL_STAGE_KEY]: dealStageConfigSchema,
  [BRANDING_KEY]: brandingSchema,
  [MAP_TILES_KEY]: mapTilesSettingSchema,
  [GEOCODER_KEY]: geocoderSettingSchema,
  [MAP_IMAGERY_KEY]: mapImagerySettingSchema,
  [PAY_PLAN_KEY]: payPlanSchema,
  [WALK_RULES_KEY]: walkRulesSchema,
};

/** The org's deal-stage configuration, or the built-in stages when none was saved. */
export async function dealStageConfig(db: Tx, orgId: number): Promise<DealStage[]> {
  const [row] = await db
    .select({ data: interfaces.data })
    .from(interfaces)
    .where(
      and(eq(interfaces.org_id, orgId), eq(interfaces.key, DEAL_STAGE_KEY), isNull(interfaces.deleted_at)),
    );
  if (!row) return DEFAULT_DEAL_STAGES;
  const parsed = dealStageConfigSchema.safeParse(row.data);
  return parsed.success ? parsed.data : DEFAULT_DEAL_STAGES;
}

/** The deal-stage configuration, read once per sync batch. */
export async function dealStagesFor(ctx: ServiceContext, db: Tx, orgId: number): Promise<DealStage[]> {
  if (!ctx.batch) return dealStageConfig(db, orgId);
  ctx.batch.dealStages ??= await dealStageConfig(db, orgId);
  return ctx.batch.dealStages;
}

export async function getInterface(ctx: ServiceContext, actor: Actor, key: string) {
  if (key === DEAL_STAGE_KEY) {
    if (!can(actor, 'dealStages.read')) throw forbidden();
    const [row] = await ctx.db
      .select()
      .from(interfaces)
      .where(
        and(eq(interfaces.org_id, actor.org_id), eq(interfaces.key, key), isNull(interfaces.deleted_at)),
      );
    return {
      key,
      data: await dealStageConfig(ctx.db, actor.org_id),
      is_default: !row,
      version: row?.version ?? 0,
    };
  }
  if (!can(actor, 'settings.manage')) throw forbidden();
  const [row] = await ctx.db
    .select()
    .from(interfaces)
    .where(and(eq(interfaces.org_id, actor.org_id), eq(interfaces.key, key), isNull(interfaces.deleted_at)));
  return { key, data: row?.data ?? null, is_default: !row, version: row?.version ?? 0 };
}

export async function editInterface(ctx: ServiceContext, actor: Actor, input: InterfaceEditInput) {
  const action = input.key === DEAL_STAGE_KEY ? 'dealStages.edit' : 'settings.manage';
  if (!can(actor, action)) throw forbidden('Only admins can change this configuration.');
  let data: unknown = input.data;
  const schema = ORG_SETTINGS[input.key];
  if (schema) {
    const parsed = schema.safeParse(input.data);
    if (!parsed.success) throw invalid(describeZodError(parsed.error));
    data = parsed.data;
  }
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const now = ctx.now().toISOString();
    const [row] = await tx
      .insert(interfaces)
      .values({
        org_id: actor.org_id,
        key: input.key,
        table_id: input.table_id ?? null,
        table_name: input.table_name ?? null,
        type: input.type,
        data,
        version,
        created_by: actor.user_id,
        updated_by: actor.user_id,
      })
      .onConflictDoUpdate({
        target: [interfaces.org_id, interfaces.key],
        set: {
          data,
          table_id: input.table_id ?? null,
          table_name: input.table_name ?? null,
          type: input.type,
          version,
          updated_by: actor.user_id,
          updated_at: now,
          deleted_at: null,
        },
      })
      .returning();
    return { key: input.key, data: row?.data, version };
  });
}
