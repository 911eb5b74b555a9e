/**
 * The dashboard's legacy calls (SPEC section 7): `POST ls_leads_get_dash_cards {card_ids}` reads
 * cards in batches of six, `GET get_card?card_id=` reads one.
 */
import { z } from 'zod';
import { CARD_BATCH_SIZE } from '../dashboard/cards.ts';
import { uuidSchema } from './common.ts';

export const dashCardsRequestSchema = z
  .object({
    card_ids: z
      .array(uuidSchema, { message: 'must be a list of card ids' })
      .min(1, { message: 'must name at least one card' })
      .max(CARD_BATCH_SIZE, {
        message: `can name at most ${CARD_BATCH_SIZE} cards at a time; ask for the rest in another batch`,
      }),
  })
  .strict();
export type DashCardsRequest = z.infer<typeof dashCardsRequestSchema>;

export const cardQuerySchema = z.object({ card_id: uuidSchema }).strict();
export type CardQuery = z.infer<typeof cardQuerySchema>;
