/**
 * The dashboard's legacy card calls (SPEC section 7), under `/api/` with the spec's names, each
 * behind the normal sign-in (`authed`) or the payload's `auth_token`, failing in the spec's text.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { cardQuerySchema, dashCardsRequestSchema } from '../../../src/domain/schemas/dashboard.ts';
import { LEGACY_FAILURE } from '../../../src/domain/schemas/legacyData.ts';
import type { ServiceContext } from '../../services/context.ts';
import { dashCards, getCard } from '../../services/dashboardCards.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { legacyFailure } from '../legacyAnswers.ts';
import { legacyAuthToken } from '../legacyAuth.ts';
import { ok } from '../respond.ts';
import { readJson, readQuery } from '../validate.ts';

export function dashboardRoutes(
  ctx: ServiceContext,
  authed: MiddlewareHandler<{ Variables: AuthVariables }>,
) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const failed = legacyFailure(LEGACY_FAILURE.get);
  app.post('/ls_leads_get_dash_cards', failed, legacyAuthToken, authed, async (c) =>
    ok(c, await dashCards(ctx, c.get('caller').actor, await readJson(c, dashCardsRequestSchema))),
  );
  app.get('/get_card', failed, legacyAuthToken, authed, async (c) =>
    ok(c, await getCard(ctx, c.get('caller').actor, readQuery(c, cardQuerySchema))),
  );
  return app;
}
