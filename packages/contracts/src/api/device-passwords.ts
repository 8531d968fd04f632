import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { DEVICE_PASSWORD_MAX_LENGTH, DEVICE_PASSWORD_MIN_LENGTH } from '../device-protocol.ts';
import { listQuerySchema } from '../list.ts';
import { requiredIdSchema } from './companies.ts';
import { DEVICE_JOB_STATES, DEVICE_JOBS_BULK_MAX } from './device-jobs.ts';

// Device passwords (RMS): generate or set the administrative password of many devices at once.
// Each request is a batch ("password task", a random text id); the devices get `set_password`
// jobs, and the passwords can be downloaded once, as CSV, then are wiped.

/** Days a batch keeps its passwords when nobody downloads them. */
export const PASSWORD_BATCH_KEEP_DAYS = 7;
/** None starts a spreadsheet formula (= + - @) or splits a CSV cell (, ;): the list is CSV. */
export const PASSWORD_SPECIAL_CHARACTERS = '!#%*.:?^_~';

export const DEVICE_PASSWORD_MESSAGES = {
  batchNotFound: 'Password task not found',
  downloaded: 'The passwords of this task were downloaded already, or have expired',
  hidden: 'The passwords of this task were set without show_password: there is nothing to download',
  confirmation: 'The password confirmation does not match',
  weak: 'Use letters and digits in the password',
  duplicateDevice: 'The device is listed twice',
  csvHeader: 'The CSV file needs the columns serial (or id) and password',
  csvEmpty: 'The CSV file lists no device',
  unknownSerial: 'No device with this serial',
} as const;

export const devicePasswordSchema = z
  .string()
  .min(DEVICE_PASSWORD_MIN_LENGTH, `At least ${DEVICE_PASSWORD_MIN_LENGTH} characters`)
  .max(DEVICE_PASSWORD_MAX_LENGTH, `At most ${DEVICE_PASSWORD_MAX_LENGTH} characters`)
  .regex(/^[\x20-\x7e]+$/, 'Use printable characters only')
  .refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value), DEVICE_PASSWORD_MESSAGES.weak);

/** RMS: one item per device; `use_special` 1 adds PASSWORD_SPECIAL_CHARACTERS to the alphabet. */
export const generatePasswordsBodySchema = z.object({
  data: z
    .array(
      z.object({
        id: requiredIdSchema('Device'),
        length: z
          .number()
          .int()
          .min(DEVICE_PASSWORD_MIN_LENGTH)
          .max(DEVICE_PASSWORD_MAX_LENGTH)
          .default(16),
        use_special: z.number().int().min(0).max(1).default(0),
      }),
    )
    .min(1)
    .max(DEVICE_JOBS_BULK_MAX),
});
export type GeneratePasswordsBody = z.infer<typeof generatePasswordsBodySchema>;

/** RMS: one item per device; `show_password` keeps it for the one download. */
export const setPasswordsBodySchema = z.object({
  data: z
    .array(
      z
        .object({
          id: requiredIdSchema('Device'),
          password: devicePasswordSchema,
          password_confirmation: z.string().max(DEVICE_PASSWORD_MAX_LENGTH),
          show_password: z.boolean().default(false),
        })
        .refine((item) => item.password === item.password_confirmation, {
          message: DEVICE_PASSWORD_MESSAGES.confirmation,
          path: ['password_confirmation'],
        }),
    )
    .min(1)
    .max(DEVICE_JOBS_BULK_MAX),
});
export type SetPasswordsBody = z.infer<typeof setPasswordsBodySchema>;

/** The multipart fields of POST /devices/passwords/upload besides `file`. */
export const uploadPasswordsFieldsSchema = z.object({
  show_password: z.stringbool().default(false),
});

/** RMS answer of set, generate and upload: the devices given a job, and the status channel. */
export const passwordBatchAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(z.number().int()),
  meta: z.object({ channel: z.string(), task_id: z.string() }),
});
export const passwordBatchPartialSchema = passwordBatchAnswerSchema.extend({
  errors: z.array(
    z.object({ code: z.string(), message: z.string(), source: z.string().nullable() }),
  ),
});

export const passwordBatchSchema = z.object({
  id: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  /** Devices that have set their password, of `total`. */
  completed: z.number().int(),
  failed: z.number().int(),
  total: z.number().int(),
  /** Whether the passwords can still be downloaded (once). */
  downloadable: z.boolean(),
  downloaded_at: apiDateSchema.nullable(),
  created_at: apiDateSchema,
  updated_at: apiDateSchema,
  /** When the passwords were wiped (downloaded or kept PASSWORD_BATCH_KEEP_DAYS). */
  deleted_at: apiDateSchema.nullable(),
});
export type PasswordBatch = z.infer<typeof passwordBatchSchema>;

export const passwordBatchListQuerySchema = listQuerySchema.pick({ limit: true, offset: true });
export type PasswordBatchListQuery = z.infer<typeof passwordBatchListQuerySchema>;

export const passwordBatchDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  serial: z.string(),
  mac: z.string(),
  /** The device's set_password job state. */
  status: z.enum(DEVICE_JOB_STATES),
  message: z.string().nullable(),
  created_at: apiDateSchema,
});
export type PasswordBatchDevice = z.infer<typeof passwordBatchDeviceSchema>;
