/** Named roles on the wire: the roles calls' inputs (`/api/v2/roles/...`). */
import { z } from 'zod';
import { CUSTOM_ROLE_MIN_ID } from '../customRoles.ts';
import { GRANTABLE_ACTIONS } from '../permissions.ts';
import { boundedText } from './common.ts';

/** Users hold role ids up to this (the users schema's bound), so an org numbers its roles below it. */
export const CUSTOM_ROLE_MAX_ID = 1000;
export const ROLE_NAME_MAX = 80;

const roleId = z
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number' })
  .min(CUSTOM_ROLE_MIN_ID, { message: `must be a named role id (${CUSTOM_ROLE_MIN_ID} or more)` })
  .max(CUSTOM_ROLE_MAX_ID, { message: `must be at most ${CUSTOM_ROLE_MAX_ID}` });

const roleName = boundedText(ROLE_NAME_MAX)
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, { message: 'is required' }));

const permissions = z
  .array(
    z.enum(GRANTABLE_ACTIONS as [string, ...string[]], {
      message: `must be one of: ${GRANTABLE_ACTIONS.join(', ')}`,
    }),
  )
  .max(GRANTABLE_ACTIONS.length * 2, { message: 'lists too many permissions' })
  .transform((list) => [...new Set(list)].sort());

export const roleAddSchema = z.object({ name: roleName, permissions: permissions.default([]) }).strict();
export type RoleAddInput = z.infer<typeof roleAddSchema>;

export const roleEditSchema = z
  .object({ id: roleId, name: roleName.optional(), permissions: permissions.optional() })
  .strict();
export type RoleEditInput = z.infer<typeof roleEditSchema>;

export const roleDeleteSchema = z.object({ id: roleId }).strict();
export type RoleDeleteInput = z.infer<typeof roleDeleteSchema>;
