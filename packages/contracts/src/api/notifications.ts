import { z } from 'zod';
import { bodyIdSchema } from './users.ts';

export const NOTIFICATION_TYPES = [
  'invitedUserRegistration',
  'creditCodeActivation',
  'creditAmountTooLow',
  'deviceAlert',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/** Spec §3 Notification. Unseen until seen_at is set. */
export const notificationSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  seen_at: z.string().nullable(),
  summary: z.string(),
  type: notificationTypeSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

/** PUT /notifications: mark these as seen. */
export const markNotificationsSeenBodySchema = z.object({
  id: z.array(bodyIdSchema).min(1).max(1000),
});
export type MarkNotificationsSeenBody = z.infer<typeof markNotificationsSeenBodySchema>;
