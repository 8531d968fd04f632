import { z } from 'zod';

export const NOTICE_TYPES = ['info', 'warning', 'critical'] as const;
export const noticeTypeSchema = z.enum(NOTICE_TYPES);

/** Spec §3 Global notice. `message` is HTML already sanitised by the server (spec §9 allow-list). */
export const noticeSchema = z.object({
  id: z.number().int(),
  type: noticeTypeSchema,
  message: z.string(),
  /** Null while the notice is a draft (disabled). */
  enabled_at: z.string().nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const NOTICE_MESSAGE_MAX_LENGTH = 5000;

export const noticeBodySchema = z.object({
  type: noticeTypeSchema,
  message: z.string().trim().min(1, 'Message is required').max(NOTICE_MESSAGE_MAX_LENGTH),
  enabled: z.boolean(),
});
export type NoticeBody = z.infer<typeof noticeBodySchema>;
