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
