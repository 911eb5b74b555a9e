/**
 * The dashboard's legacy card calls (SPEC section 7), under `/api/` with the spec's names, each
 * signed in like any other call or by the payload's `auth_token`, failing in the spec's text.
 */

import { dashCards, getCard } from '#server/services/dashboardCards.ts';
import { cardQuerySchema, dashCardsRequestSchema } from '#src/domain/schemas/dashboard.ts';
import { LEGACY_FAILURE } from '#src/domain/schemas/legacyData.ts';
import { defineRoute } from '../defineRoute.ts';

export const dashboardRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/ls_leads_get_dash_cards',
    operationId: 'getDashCards',
    summary: 'Read dashboard cards by id',
    tag: 'Dashboard',
    access: 'session',
    legacy: { failure: LEGACY_FAILURE.get },
    body: { name: 'DashCardsRequest', schema: dashCardsRequestSchema },
    answer: { description: 'The cards with their figures.' },
    handler: (_c, { ctx, actor, body }) => dashCards(ctx, actor, body),
  }),
  defineRoute({
    method: 'get',
    path: '/api/get_card',
    operationId: 'getCard',
    summary: 'Read one dashboard card',
    tag: 'Dashboard',
    access: 'session',
    legacy: { failure: LEGACY_FAILURE.get },
    query: cardQuerySchema,
    answer: { description: 'The card with its figures.' },
    handler: (_c, { ctx, actor, query }) => getCard(ctx, actor, query),
  }),
];
