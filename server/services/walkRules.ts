/**
 * The org's walk rules: the `walk_rules` interface, which every device of the org pulls so reps
 * plan walks offline (src/domain/doorEligibility.ts). Only admins (`settings.manage`) change them.
 */
import type { WalkRules } from '#src/domain/doorEligibility.ts';
import { type Actor, can } from '#src/domain/permissions.ts';
import { WALK_RULES_KEY } from '#src/domain/schemas/walkRules.ts';
import type { ServiceContext } from './context.ts';
import { editInterface } from './interfaces.ts';
import { forbidden } from './serviceError.ts';

export async function setWalkRules(ctx: ServiceContext, actor: Actor, rules: WalkRules): Promise<WalkRules> {
  if (!can(actor, 'settings.manage')) throw forbidden('Only admins can change the walk rules.');
  const saved = await editInterface(ctx, actor, { key: WALK_RULES_KEY, type: 'config', data: rules });
  return saved.data as WalkRules;
}
