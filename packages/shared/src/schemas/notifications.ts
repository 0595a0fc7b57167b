import { z } from 'zod';
import { NotificationPreferencesSchema } from './auth.ts';

export const NotificationSchema = z.object({
  _id: z.string(),
  id: z.string(),
  type: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = z.object({
  data: z.array(NotificationSchema),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const NotificationListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  unread: z.enum(['true', 'false']).optional(),
});

export const UpdatePreferencesInputSchema = NotificationPreferencesSchema;

/** The daily reminder: 'HH:MM' in the user's time zone, or null for none. */
export const ReminderInputSchema = z.strictObject({
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please choose a time as HH:MM.')
    .nullable(),
});
export const ReminderSchema = z.object({ time: z.string().nullable(), timeZone: z.string() });
