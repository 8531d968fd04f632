import { apiDateSchema } from '../api-dates.ts';
import { z } from 'zod';
import { ID_MAX, idSchema, listQuerySchema } from '../list.ts';

// Uploaded firmware and configuration files (RMS /files). Global firmware is firmware every
// company sees and every device may be given; only `upload_files_global_scope` manages it.

/** `custom_file`: any other file (uploaded for the upload_file step, or sent by a device). */
export const FILE_TYPES = ['firmware', 'config', 'global_firmware', 'custom_file'] as const;
export type FileType = (typeof FILE_TYPES)[number];
/** The types a firmware update may send. */
export const FIRMWARE_FILE_TYPES: readonly FileType[] = ['firmware', 'global_firmware'];
export const isFirmwareFile = (type: FileType) => FIRMWARE_FILE_TYPES.includes(type);
export const GLOBAL_FIRMWARE_PERMISSION = 'upload_files_global_scope';
export const FILE_DESCRIPTION_MAX_LENGTH = 1000;
/** As long as the longest model name the database keeps (`RUTX50`, `TRB500`, a series `RUTX`). */
export const FILE_DEVICE_MODEL_MAX_LENGTH = 16;
/** The types whose files are made for one device model (spec §3 firmware/config files). */
export const MODEL_FILE_TYPES: readonly FileType[] = ['firmware', 'config', 'global_firmware'];
/**
 * At most this many files in one ZIP download: 50 files of at most 80 MB stay under the 4 GB
 * that plain (non-ZIP64) archives can address.
 */
export const FILES_ZIP_MAX = 50;

export const FILE_MESSAGES = {
  notFound: 'File not found',
  fileRequired: 'Choose a file to upload',
  typeInvalid: `Type must be one of ${FILE_TYPES.join(', ')}`,
  companyRequired: 'Company is required',
  companyInvalid: 'Company is invalid',
  badSignature: 'The download link is invalid or has expired',
  modelInvalid: 'Device model may hold only letters, digits, dots, dashes and underscores',
  modelNotForType: 'Only firmware and configuration files name a device model',
  zipEmpty: 'Choose at least one file',
  zipTooMany: `Choose at most ${FILES_ZIP_MAX} files`,
  globalForbidden: 'Managing global firmware needs the upload_files_global_scope permission',
} as const;

export const fileSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  type: z.enum(FILE_TYPES),
  name: z.string(),
  description: z.string(),
  size: z.number().int(),
  /** RMS's name for `size` (bytes). */
  file_size: z.number().int(),
  /** RMS: the device a backup or log file came from; uploads belong to no device (null). */
  device_id: z.number().int().nullable(),
  /** The device model the file is for, when known. */
  device_model: z.string().nullable(),
  /** The firmware version, when known (not read from uploads yet: null). */
  version: z.string().nullable(),
  sha256: z.string(),
  created_by: z.number().int().nullable(),
  created_at: apiDateSchema,
});
export type FileInfo = z.infer<typeof fileSchema>;

export const FILE_SORT_FIELDS = ['id', 'name', 'size', 'type', 'created_at'] as const;

export const fileListQuerySchema = listQuerySchema.extend({
  /** One type, or several comma-joined (`firmware,global_firmware`). */
  type: z
    .string()
    .transform((value) => value.split(','))
    .pipe(z.array(z.enum(FILE_TYPES, { error: FILE_MESSAGES.typeInvalid })).min(1))
    .optional(),
  company_id: idSchema.optional(),
  /** Files for a device model containing this text, case-insensitively (`rut9` finds RUT955). */
  device_model: z.string().trim().min(1).max(FILE_DEVICE_MODEL_MAX_LENGTH).optional(),
  /** Files a device can use: those of companies from the device's up to the caller's. */
  device_id: idSchema.optional(),
});
export type FileListQuery = z.infer<typeof fileListQuerySchema>;

/** The text fields of the multipart upload (the file itself is the `file` part). */
export const fileUploadFieldsSchema = z.object({
  type: z.enum(FILE_TYPES, { error: FILE_MESSAGES.typeInvalid }),
  description: z.string().trim().max(FILE_DESCRIPTION_MAX_LENGTH).default(''),
  /** netfleet: the device model a firmware or configuration file is for; none means any. */
  device_model: z
    .string()
    .trim()
    .max(FILE_DEVICE_MODEL_MAX_LENGTH)
    .regex(/^[\w.-]*$/, FILE_MESSAGES.modelInvalid)
    .transform((value) => value || null)
    .nullable()
    .default(null),
  company_id: z
    .string({ error: FILE_MESSAGES.companyRequired })
    .regex(/^[1-9]\d{0,9}$/, FILE_MESSAGES.companyInvalid)
    .pipe(idSchema),
});
export type FileUploadFields = z.infer<typeof fileUploadFieldsSchema>;

/**
 * The multipart body of POST /files as OpenAPI describes it (RMS's fields); the route parses the
 * parts itself with fileUploadFieldsSchema, so this schema documents and never validates.
 */
export const fileUploadBodySchema = z.object({
  type: z.enum(FILE_TYPES),
  description: z.string().max(FILE_DESCRIPTION_MAX_LENGTH).optional(),
  device_model: z.string().max(FILE_DEVICE_MODEL_MAX_LENGTH).optional(),
  company_id: z.number().int(),
  file: z.string().meta({ format: 'binary' }),
});

/** RMS answers an upload with the new file's id in meta; netfleet adds the file in data. */
export const fileCreatedSchema = z.object({
  success: z.literal(true),
  data: fileSchema,
  meta: z.object({ id: z.number().int() }),
});

export const updateFileBodySchema = z.object({
  description: z.string().trim().max(FILE_DESCRIPTION_MAX_LENGTH),
});
export type UpdateFileBody = z.infer<typeof updateFileBodySchema>;

/** POST /files/download/zip: the files to pack into one archive, in this order. */
export const filesZipBodySchema = z.object({
  files: z
    .array(z.number().int().min(1).max(ID_MAX))
    .min(1, FILE_MESSAGES.zipEmpty)
    .max(FILES_ZIP_MAX, FILE_MESSAGES.zipTooMany),
});
export type FilesZipBody = z.infer<typeof filesZipBodySchema>;

/** The query of a device's signed download link. */
export const deviceDownloadQuerySchema = z.object({
  device_id: idSchema,
  expires: z.coerce.number().int().positive(),
  // Any string: a malformed signature is refused like a wrong one (403), not as a bad request.
  signature: z.string().max(200),
});
export type DeviceDownloadQuery = z.infer<typeof deviceDownloadQuerySchema>;
