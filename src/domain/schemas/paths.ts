/** Tracked paths on the wire: a manager's view of where their team walked on a day. */
import { z } from 'zod';
import { csvList, isoDateSchema, queryInt, uuidSchema } from './common.ts';

export const pathQuerySchema = z
  .object({
    date: isoDateSchema,
    /** The viewer's offset from UTC in minutes (as Date#getTimezoneOffset gives it): the day is theirs. */
    tz_offset: queryInt(-840, 840).default(0),
    user_ids: csvList(uuidSchema).optional(),
  })
  .strict();
export type PathQuery = z.infer<typeof pathQuerySchema>;

export interface PathWire {
  id: string;
  user_id: string;
  started_at: string;
  ended_at: string | null;
  /** [lng, lat, recorded_at] in time order. */
  points: [number, number, string][];
}

export interface LastPositionWire {
  user_id: string;
  lat: number;
  lng: number;
  recorded_at: string;
}
