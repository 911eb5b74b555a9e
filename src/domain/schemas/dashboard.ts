/**
 * The dashboard's legacy calls (SPEC section 7): `POST ls_leads_get_dash_cards {card_ids}` reads
 * cards in batches of six, `GET get_card?card_id=` reads one.
 */
import { z } from 'zod';
import { CARD_BATCH_SIZE } from '../dashboard/cards.ts';
import { boundedText, uuidSchema } from './common.ts';

/** The legacy clients' session token, sent in the body or query (the Authorization header also works). */
const authToken = boundedText(500).optional();

export const dashCardsRequestSchema = z
  .object({
    card_ids: z
      .array(uuidSchema, { message: 'must be a list of card ids' })
      .min(1, { message: 'must name at least one card' })
      .max(CARD_BATCH_SIZE, {
        message: `can name at most ${CARD_BATCH_SIZE} cards at a time; ask for the rest in another batch`,
      }),
    auth_token: authToken,
  })
  .strict();
export type DashCardsRequest = z.infer<typeof dashCardsRequestSchema>;

export const cardQuerySchema = z.object({ card_id: uuidSchema, auth_token: authToken }).strict();
export type CardQuery = z.infer<typeof cardQuerySchema>;
