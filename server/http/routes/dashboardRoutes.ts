/**
 * The dashboard's legacy card calls (SPEC section 7), under `/api/` with the spec's names, each
 * behind the normal sign-in (`authed`).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { cardQuerySchema, dashCardsRequestSchema } from '../../../src/domain/schemas/dashboard.ts';
import type { ServiceContext } from '../../services/context.ts';
import { dashCards, getCard } from '../../services/dashboardCards.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { ok } from '../respond.ts';
import { readJson, readQuery } from '../validate.ts';

export function dashboardRoutes(
  ctx: ServiceContext,
  authed: MiddlewareHandler<{ Variables: AuthVariables }>,
) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.post('/ls_leads_get_dash_cards', authed, async (c) =>
    ok(c, await dashCards(ctx, c.get('caller').actor, await readJson(c, dashCardsRequestSchema))),
  );
  app.get('/get_card', authed, async (c) =>
    ok(c, await getCard(ctx, c.get('caller').actor, readQuery(c, cardQuerySchema))),
  );
  return app;
}
