/** A knock on the wire: where the device was when a status was set at the door (`lead.edit.v1`'s `knock`). */
import { z } from 'zod';
import { csvList, isoDateTime, uuidSchema } from './common.ts';

/** A finite number in [min, max] (zod refuses NaN and ±Infinity), with one message for any miss. */
const inRange = (min: number, max: number, message: string) =>
  z.number({ message }).min(min, { message }).max(max, { message });

/**
 * The device's position with a knock: latitude and longitude in degrees, the fix's accuracy in
 * metres and when it was taken. Optional on `lead.edit.v1`: devices that never sent one keep working.
 */
export const knockPositionSchema = z
  .object({
    lat: inRange(-90, 90, 'latitude must be a number between -90 and 90'),
    lng: inRange(-180, 180, 'longitude must be a number between -180 and 180'),
    accuracy: inRange(0, 100_000, 'accuracy must be a number of metres between 0 and 100000'),
    at: isoDateTime(),
  })
  .strict();
export type KnockPosition = z.infer<typeof knockPositionSchema>;

/** The longest period whose time in field one request asks for (a custom leaderboard period). */
export const FIELD_TIME_MAX_DAYS = 366;

/**
 * GET /api/v2/knocks/field-time: each visible person's time on tracked paths in [from, to) (the
 * knock quality table's 'Time in field'), optionally for the people named.
 */
export const fieldTimeQuerySchema = z
  .object({
    from: isoDateTime(),
    to: isoDateTime(),
    user_ids: csvList(uuidSchema).optional(),
  })
  .strict()
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { message: 'must be after from', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= FIELD_TIME_MAX_DAYS * 86_400_000, {
    message: `must be at most ${FIELD_TIME_MAX_DAYS} days after from`,
    path: ['to'],
  });
export type FieldTimeQuery = z.infer<typeof fieldTimeQuerySchema>;

export interface FieldTimeWire {
  user_id: string;
  time_in_field_ms: number;
}
