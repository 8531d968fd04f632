import { z } from 'zod';
import { listQuerySchema } from '../list.ts';

/** logged = kept only in the table (no SMTP configured); sent / failed = the SMTP attempt's outcome. */
export const MAIL_LOG_STATUSES = ['logged', 'sent', 'failed'] as const;
export const mailLogStatusSchema = z.enum(MAIL_LOG_STATUSES);
export type MailLogStatus = z.infer<typeof mailLogStatusSchema>;

/** Fields GET /api/mail-logs can sort by; anything else is a 400. */
export const MAIL_LOG_SORT_FIELDS = ['created_at', 'to', 'subject', 'status'] as const;

export const mailLogSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** Plain text; clients must never render it as HTML. */
  body: z.string(),
  status: mailLogStatusSchema,
  error: z.string().nullable(),
  created_at: z.string(),
});
export type MailLog = z.infer<typeof mailLogSchema>;

export const mailLogListQuerySchema = listQuerySchema.extend({
  status: mailLogStatusSchema.optional(),
});
export type MailLogListQuery = z.infer<typeof mailLogListQuerySchema>;

/**
 * Mail kept unsent because no SMTP server is configured is readable in full, links included, by
 * super admins only, for the last OUTBOX_RETENTION_DAYS days (the longest a mailed link lives: an
 * invitation's) and at most OUTBOX_MAX_MESSAGES messages.
 */
export const OUTBOX_RETENTION_DAYS = 7;
export const OUTBOX_MAX_MESSAGES = 200;

/** GET /api/mail-logs/outbox (super_admin): one unsent mail; `id` is its mail log's id. */
export const outboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** Plain text with its links; clients must never render it as HTML. */
  body: z.string(),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const OUTBOX_SORT_FIELDS = ['created_at', 'to', 'subject'] as const;
export const outboxListQuerySchema = listQuerySchema;
export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;
