/**
 * Saved views of the data tables (SPEC sections 3, 4 and 5): a new view starts as an unsaved
 * workshop view and becomes a saved view on its first change; only admins make a view global, and a
 * global view is then the admins' to change (everyone else sees it as it is).
 */
import { type Actor, can } from './permissions.ts';

export interface ViewFacts {
  created_by?: string | null;
  global?: boolean | null;
  is_workshop?: boolean | null;
}

/** Whether the actor may change (rename, filter, delete…) a stored view. */
export function canChangeView(actor: Actor, view: ViewFacts): boolean {
  if (can(actor, 'views.global')) return true;
  if (view.global) return false;
  return !view.created_by || view.created_by === actor.user_id;
}

/** Whether the actor may make a view global or take it back. */
export function canMakeViewGlobal(actor: Actor): boolean {
  return can(actor, 'views.global');
}

/**
 * The fields a change writes to a view: a workshop view's first real change also saves it (a
 * change that only touches `is_workshop` is taken as given).
 */
export function viewChangeFields(
  view: ViewFacts | undefined,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  if (!view) return { is_workshop: true, ...fields };
  const changesSomething = Object.keys(fields).some((key) => key !== 'is_workshop');
  if (view.is_workshop && changesSomething && fields.is_workshop === undefined) {
    return { ...fields, is_workshop: false };
  }
  return fields;
}
