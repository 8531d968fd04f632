import { z } from 'zod';

/** Error codes the API answers with; the SPA reacts to several of them by name (spec §4, §8). */
export const ERROR_CODES = {
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  CONFLICT: 'CONFLICT',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  XSRF_TOKEN_MISMATCH: 'XSRF_TOKEN_MISMATCH',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  NOT_INVITED_EXTERNAL_USER: 'NOT_INVITED_EXTERNAL_USER',
  MFA_MANDATORY: 'MFA_MANDATORY',
  MFA_REQUIRED: 'MFA_REQUIRED',
  CONFIRMATION_FAILED: 'CONFIRMATION_FAILED',
  PASSWORD_CONFIRMATION_REQUIRED: 'PASSWORD_CONFIRMATION_REQUIRED',
  CHANNEL_NOT_FOUND: 'CHANNEL_NOT_FOUND',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** A read that must ask the device (hotspot users) while it is not connected. */
  DEVICE_OFFLINE: 'DEVICE_OFFLINE',
  /** The device is connected but did not answer in time. */
  DEVICE_TIMEOUT: 'DEVICE_TIMEOUT',
  /** The device answered with a refusal or a failure (its message says why), or with nonsense. */
  DEVICE_ERROR: 'DEVICE_ERROR',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Codes that stop the whole console and show a full-page notice instead of the shell. */
export const BLOCKING_ERROR_CODES = [
  ERROR_CODES.EMAIL_NOT_VERIFIED,
  ERROR_CODES.NOT_INVITED_EXTERNAL_USER,
  ERROR_CODES.MFA_MANDATORY,
] as const;
export type BlockingErrorCode = (typeof BLOCKING_ERROR_CODES)[number];

export const errorItemSchema = z.object({
  code: z.string(),
  message: z.string(),
  source: z.string().nullable(),
});
export type ErrorItem = z.infer<typeof errorItemSchema>;

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  errors: z.array(errorItemSchema),
});
export type ApiErrorBody = z.infer<typeof errorEnvelopeSchema>;

export const metaSchema = z.looseObject({
  total: z.number().int().optional(),
  /** True when `total` is an estimate: more rows match than LIST_EXACT_COUNT_LIMIT. */
  total_estimated: z.boolean().optional(),
  channel: z.string().optional(),
});

export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, meta: metaSchema.optional() });

export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    success: z.literal(true),
    data: z.array(item),
    meta: z.looseObject({ total: z.number().int(), total_estimated: z.boolean().optional() }),
  });

/** `{success:true}` with no data: answers to deletes and other fire-and-forget mutations. */
export const emptySuccessSchema = z.object({ success: z.literal(true) });

export interface ApiSuccess<T> {
  success: true;
  data: T;
  meta?: { total?: number; total_estimated?: boolean; channel?: string; [key: string]: unknown };
}

export const isBlockingErrorCode = (code: string | undefined): code is BlockingErrorCode =>
  (BLOCKING_ERROR_CODES as readonly string[]).includes(code ?? '');
