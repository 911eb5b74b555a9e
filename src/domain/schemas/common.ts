/** Building blocks for the wire schemas shared by the app and the server. */
import { z } from 'zod';

export const uuidSchema = z.uuid({ message: 'must be a valid id (UUID)' });

/** Query strings carry lists as comma-separated values. */
export const csvList = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z.array(item),
  );

export const boundedText = (max: number) =>
  z.string().max(max, { message: `must be at most ${max} characters` });

/** A date as YYYY-MM-DD. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date as YYYY-MM-DD' });

/** Whole number in a query string. */
export const queryInt = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` });
