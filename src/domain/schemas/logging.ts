/** Session registration and error logs (the spec's `notion/session` and `notion/log` calls). */
import { z } from 'zod';
import { boundedText, isoDateTime, jsonValue, positiveInt4, uuidSchema } from './common.ts';

const dateTime = isoDateTime();
/** A user by record id or by the spec's numeric id (an `integer` column). */
const userRef = z.union([uuidSchema, positiveInt4]);

export const sessionRegisterSchema = z
  .object({
    fingerprint: z
      .object({
        fingerprint: boundedText(200).min(1),
        user: userRef.optional(),
        device: boundedText(200).optional(),
        browser: boundedText(200).optional(),
        creation_date: dateTime.optional(),
      })
      .strict(),
    user_id: userRef,
    session: z
      .object({
        _id: uuidSchema,
        fingerprint: boundedText(200).optional(),
        start_time: dateTime,
        end_time: dateTime.optional(),
      })
      .strict(),
  })
  .strict();
export type SessionRegisterInput = z.infer<typeof sessionRegisterSchema>;

export const errorLogSchema = z
  .object({
    event: boundedText(200).min(1, { message: 'is required' }),
    error: jsonValue.optional(),
    session_id: uuidSchema.nullable().optional(),
    user_id: userRef.nullable().optional(),
  })
  .strict();
export type ErrorLogInput = z.infer<typeof errorLogSchema>;

/**
 * The legacy data service's session calls. `auth_token` is the session token, for clients that
 * send it in the body or query instead of the Authorization header (read by server/http/legacyAuth.ts).
 */
const legacyToken = boundedText(500).optional();

export const updateSessionSchema = z.object({ _id: uuidSchema, auth_token: legacyToken }).strict();

/** A rep by record id or by the spec's numeric id, as a query value. */
const repRef = boundedText(60).regex(
  /^(\d{1,9}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
  {
    message: "must be the rep's id or numeric id",
  },
);

export const repSessionsQuerySchema = z.object({ rep_id: repRef, auth_token: legacyToken }).strict();

/** One app session as the admin views and the legacy calls answer it. */
export interface SessionWire {
  _id: string;
  fingerprint: string | null;
  start_time: string;
  end_time: string | null;
}

/** One event of a session: what the user did (screen view, knock, lead edit, import, search). */
export interface EventWire {
  _id: string;
  session_id: string | null;
  type: string;
  table: string | null;
  ref: string | null;
  value: unknown;
  timestamp: string | null;
}

/** One error log a device reported. */
export interface ErrorLogWire {
  _id: string;
  session_id: string | null;
  event: string;
  code: string | null;
  log: unknown;
  received_at: string;
}
