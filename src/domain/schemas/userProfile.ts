/** The user page's calls: a user's sign-in activity, and setting their profile photo. */
import { z } from 'zod';
import { uuidSchema } from './common.ts';

export const userActivityQuerySchema = z.object({ _id: uuidSchema }).strict();

/** GET /api/v2/users/last-active: every user the caller may see; it takes no query. */
export const usersLastActiveQuerySchema = z.object({}).strict();
/** Each user's last activity (ISO time, or null when never) by user id. */
export type UsersLastActive = Record<string, string | null>;

/** The photo's bytes are uploaded first (PUT /api/v2/media/{media_id}/content); this makes it the user's. */
export const userPhotoSchema = z.object({ _id: uuidSchema, media_id: uuidSchema }).strict();
export type UserPhotoInput = z.infer<typeof userPhotoSchema>;

/** A user's activity as the server knows it (sign-ins, devices' changes, live sessions). */
export interface UserActivity {
  last_active: string | null;
  active_sessions: number;
}
