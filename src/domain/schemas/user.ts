/** User records on the wire (SPEC section 3) and the users calls' inputs. */
import { z } from 'zod';
import { parseName } from '../personName.ts';
import { ACCESS_LEVELS, SETTER_CLOSER_TYPES, TEAM_ROLES } from '../roles.ts';
import {
  boundedText,
  csvList,
  INT4_MAX,
  isoDateSchema,
  jsonObject,
  positiveInt4,
  queryInt,
  safeString,
  singleLineText,
  uuidSchema,
} from './common.ts';

export const USER_LIST_LIMIT = 100;

const text = boundedText(200);
/** A person's name parts and phone: one line, no control characters. */
const line = singleLineText(200);
/** A person's whole name: something to read as a first or last name (SPEC section 5), not a lone comma. */
const personName = line
  .min(1, { message: 'is required' })
  .refine((v) => parseName(v).fullName !== '', { message: 'is required' });
const accessLevel = safeString
  .max(100)
  .transform((v) => ACCESS_LEVELS.find((level) => level.toLowerCase() === v.trim().toLowerCase()) ?? v)
  .pipe(z.enum(ACCESS_LEVELS, { message: `must be one of: ${ACCESS_LEVELS.join(', ')}` }));
const password = safeString
  .min(8, { message: 'must be at least 8 characters' })
  .max(200, { message: 'must be at most 200 characters' });
/** The rule for every password a person chooses or is given. */
export const userPasswordSchema = password;

export const teamMembershipSchema = z
  .object({
    id: uuidSchema,
    role: z.enum(TEAM_ROLES, { message: `must be one of: ${TEAM_ROLES.join(', ')}` }).default('Member'),
  })
  .strict();

/** Profile fields a user may change on their own record. */
const profileFields = {
  name: personName,
  first_name: line.nullable(),
  last_name: line.nullable(),
  phone: line,
  pfp: boundedText(2000).nullable(),
  password,
};

/** Fields only an admin may set. */
const adminFields = {
  email: z.email({ message: 'must be a valid email address' }).max(200),
  access_level: accessLevel,
  /** The spec also calls the access level `role`. */
  role: accessLevel,
  roles: z.array(z.number().int().min(0).max(1000)).max(20),
  orgs: z.array(positiveInt4).max(50),
  setter_closer: z
    .enum(SETTER_CLOSER_TYPES, { message: `must be one of: ${SETTER_CLOSER_TYPES.join(', ')}` })
    .nullable(),
  status: z.boolean(),
  active: z.boolean(),
  monday_role: text,
  monday_id: positiveInt4.nullable(),
  palmetto_id: text.nullable(),
  source: text.nullable(),
  ref_id: text.nullable(),
  start_date: isoDateSchema.nullable(),
  default_products: z.array(text).max(50),
  permissions: jsonObject,
  /** The region the user works in (one of the org's), or none. */
  region_id: uuidSchema.nullable(),
};

export const userAddSchema = z
  .object({
    ...profileFields,
    ...adminFields,
    id: uuidSchema.optional(),
    _id: uuidSchema.optional(),
    teams: z.array(teamMembershipSchema).max(50).optional(),
    /** Answer an invite link (the user chooses their password) rather than taking `password`. */
    invite: z.boolean(),
  })
  .partial()
  .required({ name: true, email: true })
  .strict()
  .refine((v) => !(v.invite && v.password !== undefined), {
    message: 'choose a temporary password or an invite link, not both',
    path: ['invite'],
  });
export type UserAddInput = z.infer<typeof userAddSchema>;

export const userEditSchema = z
  .object({
    ...profileFields,
    ...adminFields,
    id: uuidSchema,
    _id: uuidSchema,
    teams: z.array(teamMembershipSchema).max(50),
    deleted: z.boolean(),
    /** Needed to change one's own password. */
    current_password: safeString.max(200),
  })
  .partial()
  .strict()
  .refine((v) => v.id ?? v._id, { message: 'id or _id is required', path: ['_id'] });
export type UserEditInput = z.infer<typeof userEditSchema>;

export const PROFILE_FIELD_KEYS = [...Object.keys(profileFields), 'current_password'];

/** Users are looked up by numeric id (`ids`) or record id (`_ids`). */
export const userQuerySchema = z
  .object({
    ids: csvList(z.coerce.number({ message: 'must be numbers' }).int().positive().max(INT4_MAX)),
    _ids: csvList(uuidSchema),
    q: boundedText(200),
    limit: queryInt(1, USER_LIST_LIMIT),
    include_inactive: z.enum(['true', 'false']).transform((v) => v === 'true'),
  })
  .partial()
  .strict();
export type UserQuery = z.infer<typeof userQuerySchema>;

export const userMetaQuerySchema = z
  .object({
    ids: csvList(z.union([uuidSchema, z.coerce.number().int().positive().max(INT4_MAX)])).pipe(
      z
        .array(z.union([z.string(), z.number()]))
        .min(1, { message: 'name at least one id' })
        .max(USER_LIST_LIMIT),
    ),
  })
  .strict();

/**
 * The profile editor (/profile/edit), where a user without a configuration lands: their name and
 * phone. Saving it also creates their configuration.
 */
export const profileSaveSchema = z
  .object({
    name: personName,
    phone: line.default(''),
  })
  .strict();
export type ProfileSaveInput = z.infer<typeof profileSaveSchema>;
