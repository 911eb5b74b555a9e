/** The calendar feed calls: a user's secret ICS address (its file name) and what the app is told of it. */
import { z } from 'zod';

/** The secret in a feed address: 32 random bytes, base64url (43 characters). */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The file name of a feed address, `{token}.ics`; anything else is no feed. */
export const feedFileSchema = z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/);

/** Whether the user has an active feed (its address is shown once, when made). */
export const feedStateSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
});
export type FeedState = z.infer<typeof feedStateSchema>;

/** A newly made feed: its secret address, answered once. */
export const newFeedSchema = feedStateSchema.extend({ url: z.string() });
export type NewFeed = z.infer<typeof newFeedSchema>;

export const FEED_NOT_FOUND =
  'This calendar feed does not exist or was turned off. Make a new feed address in the Appointments screen of Home Service CRM.';
export const FEED_NOT_ALLOWED = 'Your role cannot see appointments, so it cannot have a calendar feed.';
