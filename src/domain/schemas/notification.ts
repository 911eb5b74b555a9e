/** The notifications calls (SPEC section 7): paged list and mark-as-read. */
import { z } from 'zod';
import { positiveInt4, queryInt, uuidSchema } from './common.ts';

export const NOTIFICATION_PAGE_SIZE = 10;

export const notificationQuerySchema = z
  .object({
    page: queryInt(1, 100_000).default(1),
    limit: queryInt(1, 100).default(NOTIFICATION_PAGE_SIZE),
    sort: z.enum(['id', 'created_at'], { message: "must be 'id' or 'created_at'" }).default('id'),
    direction: z.enum(['asc', 'desc'], { message: "must be 'asc' or 'desc'" }).default('desc'),
    unread: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  })
  .strict();
export type NotificationQuery = z.infer<typeof notificationQuerySchema>;

export const notificationReadSchema = z
  .object({
    ids: z
      .array(z.union([positiveInt4, uuidSchema]))
      .max(500)
      .optional(),
    all: z.boolean().optional(),
  })
  .strict()
  .refine((v) => v.all || (v.ids && v.ids.length > 0), {
    message: 'name the ids to mark as read, or set all',
    path: ['ids'],
  });
export type NotificationReadInput = z.infer<typeof notificationReadSchema>;

/** `notification.read.v1`: one of the caller's own notifications, marked read on a device. */
export const notificationReadMutationSchema = z.object({ id: uuidSchema }).strict();
