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
