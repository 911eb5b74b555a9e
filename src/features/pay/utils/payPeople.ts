/** Whose pay a viewer may look at on 'My pay'. */
import { type PayDeal, payPeople } from '#src/domain/pay.ts';
import type { Actor } from '#src/domain/permissions.ts';

/**
 * The viewer first; a manager adds the members of the teams they lead or manage; an admin everyone
 * who takes part in a deal the device holds. A rep sees only their own pay.
 */
export function viewablePayPeople(actor: Actor, deals: readonly PayDeal[]): string[] {
  const others =
    actor.level === 'Admin'
      ? payPeople(deals)
      : actor.managed_team_ids.length
        ? actor.managed_member_ids
        : [];
  return [...new Set([actor.user_id, ...others])];
}
