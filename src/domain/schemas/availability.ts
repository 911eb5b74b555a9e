/**
 * Wire schemas of availability and distribution rules (src/domain/availability.ts,
 * src/domain/distribution.ts): the `availability.save.v1` and `distribution_rule.save.v1`
 * mutations, checked alike on the device before queueing and on the server, and their pulled rows.
 */
import { z } from 'zod';
import {
  APPOINTMENT_MINUTES,
  isTimeZone,
  RANGES_PER_DAY_MAX,
  rangesProblem,
  TIME_OFF_MAX,
  WEEKDAYS,
} from '../availability.ts';
import { DAILY_CAP, DISTRIBUTION_KINDS, DISTRIBUTION_SCOPES, WINDOW_DAYS } from '../distribution.ts';
import { boundedInt, boundedText, isoDateSchema, singleLineText, uuidSchema } from './common.ts';

const RANGE_MESSAGES = {
  time: 'must be times as HH:MM from 00:00 to 24:00',
  order: 'must each end after they start',
  overlap: 'must not overlap',
} as const;

const hhmm = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/, { message: 'must be a time as HH:MM' });

export const timeRangeSchema = z.object({ start: hhmm, end: hhmm }).strict();

/** One weekday's ranges: at most a few, each ending after it starts, none overlapping. */
const dayRangesSchema = z
  .array(timeRangeSchema)
  .max(RANGES_PER_DAY_MAX, { message: `can hold at most ${RANGES_PER_DAY_MAX} ranges a day` })
  .superRefine((ranges, ctx) => {
    const problem = rangesProblem(ranges);
    if (problem) ctx.addIssue({ code: 'custom', message: RANGE_MESSAGES[problem] });
  });

export const weeklyHoursSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, dayRangesSchema.optional()])) as Record<
      (typeof WEEKDAYS)[number],
      z.ZodOptional<typeof dayRangesSchema>
    >,
  )
  .strict();

export const timeOffSchema = z
  .object({
    id: uuidSchema,
    from: isoDateSchema,
    to: isoDateSchema,
    note: boundedText(200).nullable().optional(),
  })
  .strict()
  .refine((off) => off.to >= off.from, { message: 'must not end before it starts', path: ['to'] });

const finite = (min: number, max: number) =>
  z
    .number({ message: 'must be a number' })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` });

export const homeBaseSchema = z
  .object({
    address: singleLineText(300).nullable().optional(),
    lng: finite(-180, 180),
    lat: finite(-90, 90),
  })
  .strict();

export const timeZoneSchema = z
  .string()
  .max(64, { message: 'must be at most 64 characters' })
  .refine(isTimeZone, { message: 'must be a time zone such as America/Phoenix' });

/** The fields of a person's availability a device may set (each replaces the stored one). */
export const availabilityFieldsSchema = z
  .object({
    weekly_hours: weeklyHoursSchema,
    time_off: z
      .array(timeOffSchema)
      .max(TIME_OFF_MAX, { message: `can hold at most ${TIME_OFF_MAX} time off` })
      .refine((list) => new Set(list.map((o) => o.id)).size === list.length, {
        message: 'must not name one time off twice',
      }),
    appointment_minutes: boundedInt(APPOINTMENT_MINUTES.min, APPOINTMENT_MINUTES.max),
    time_zone: timeZoneSchema,
    home_base: homeBaseSchema.nullable(),
  })
  .partial()
  .strict();
export type AvailabilityFields = z.infer<typeof availabilityFieldsSchema>;

/**
 * `availability.save.v1`: the fields given replace a person's stored ones (last write wins per
 * field); created when the person has none yet.
 */
export const availabilitySaveSchema = z
  .object({
    user_id: uuidSchema,
    fields: availabilityFieldsSchema.refine((v) => Object.keys(v).length > 0, {
      message: 'name at least one of: weekly_hours, time_off, appointment_minutes, time_zone, home_base',
    }),
  })
  .strict();
export type AvailabilitySaveInput = z.infer<typeof availabilitySaveSchema>;

/** `distribution_rule.save.v1`: a team's or region's rule (its id is theirs), or its removal. */
export const distributionRuleSaveSchema = z
  .object({
    id: uuidSchema,
    scope: z.enum(DISTRIBUTION_SCOPES, { message: `must be one of: ${DISTRIBUTION_SCOPES.join(', ')}` }),
    kind: z.enum(DISTRIBUTION_KINDS, { message: `must be one of: ${DISTRIBUTION_KINDS.join(', ')}` }),
    daily_cap: boundedInt(DAILY_CAP.min, DAILY_CAP.max).nullable(),
    window_days: boundedInt(WINDOW_DAYS.min, WINDOW_DAYS.max),
    /** True to take the rule away (the team or region then has none). */
    removed: z.boolean().optional(),
  })
  .strict();
export type DistributionRuleSaveInput = z.infer<typeof distributionRuleSaveSchema>;

/** `availability` rows: a person's own (or a manager's) full row, or the booking view of it. */
export const availabilityRowFields = {
  user_id: uuidSchema,
  weekly_hours: z.record(z.string(), z.array(z.object({ start: z.string(), end: z.string() }))),
  time_off: z.array(z.looseObject({ from: z.string(), to: z.string() })),
  appointment_minutes: z.number().int(),
  time_zone: z.string(),
  home_base: z.looseObject({ lng: z.number(), lat: z.number() }).nullable(),
  last_position: z.looseObject({ lng: z.number(), lat: z.number(), at: z.string() }).nullable(),
};

/** `distribution_rules` rows. */
export const distributionRuleRowFields = {
  scope: z.enum(DISTRIBUTION_SCOPES),
  kind: z.enum(DISTRIBUTION_KINDS),
  daily_cap: z.number().int().nullable(),
  window_days: z.number().int(),
  given: z.record(z.string(), z.looseObject({ at: z.string(), day: z.string(), count: z.number() })),
};
