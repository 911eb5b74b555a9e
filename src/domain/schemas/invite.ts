/** Accepting an invite link: its token and the password the person chooses. */
import { z } from 'zod';
import { safeString } from './common.ts';
import { userPasswordSchema } from './user.ts';

export const inviteAcceptSchema = z
  .object({
    token: safeString.min(1, { message: 'is required' }).max(200),
    password: userPasswordSchema,
  })
  .strict();
export type InviteAcceptInput = z.infer<typeof inviteAcceptSchema>;
