import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { formatBytes } from '../format.ts';
import { idSchema, listQuerySchema } from '../list.ts';
import { fileTooLargeMessage } from '../messages.ts';
import { DATA_COLLECT_API_SYSTEMS } from './data-collect.ts';

// Device API documentations (spec §2 "Upload device API documentation"): the OpenAPI documents of
// the devices' own API, one per system and version, that data-collect configs are written against.
// Id 1 is netfleet's built-in status API (DEVICE_API_DOCUMENTATIONS); uploads get ids above it.

export type DeviceApiSystem = (typeof DATA_COLLECT_API_SYSTEMS)[number];

/** RutOS API documents run to a few megabytes; the whole file is parsed to check it. */
export const DEVICE_DOCUMENTATION_MAX_BYTES = 20 * 1024 * 1024;
/** What the file picker offers. */
export const DEVICE_DOCUMENTATION_ACCEPT = '.json,application/json';
export const DEVICE_DOCUMENTATION_VERSION_MAX_LENGTH = 64;

export const DEVICE_DOCUMENTATION_MESSAGES = {
  notFound: 'Device documentation not found',
  notJsonFile: 'Choose a .json file',
  notJson: 'The file is not valid JSON',
  notOpenApi: 'The file is not an OpenAPI or Swagger document with paths',
  noVersion: 'The document names no version (info.version)',
  tooLarge: fileTooLargeMessage(formatBytes(DEVICE_DOCUMENTATION_MAX_BYTES)),
  systemInvalid: 'System must be rutos or tswos',
  exists: 'A documentation of this system and version exists already',
  builtIn: 'The built-in documentation cannot be replaced or removed',
  inUse: 'Data collect configs use this documentation',
} as const;

export const deviceDocumentationSchema = z.object({
  id: z.number().int(),
  /** The uploaded file's name (the built-in one's own name). */
  name: z.string(),
  api_system: z.enum(DATA_COLLECT_API_SYSTEMS),
  /** The document's `info.version`. */
  api_version: z.string(),
  /** netfleet's own status API, generated rather than uploaded: never replaced or removed. */
  built_in: z.boolean(),
  size: z.number().int(),
  created_at: apiDateSchema,
  updated_at: apiDateSchema,
});
export type DeviceDocumentation = z.infer<typeof deviceDocumentationSchema>;

export const DEVICE_DOCUMENTATION_SORT_FIELDS = [
  'id',
  'name',
  'api_system',
  'api_version',
  'size',
  'created_at',
  'updated_at',
] as const;

export const deviceDocumentationListQuerySchema = listQuerySchema.extend({
  api_system: z
    .enum(DATA_COLLECT_API_SYSTEMS, { error: DEVICE_DOCUMENTATION_MESSAGES.systemInvalid })
    .optional(),
});
export type DeviceDocumentationListQuery = z.infer<typeof deviceDocumentationListQuerySchema>;

/** The text fields of the multipart upload (the document itself is the `file` part). */
export const deviceDocumentationUploadFieldsSchema = z.object({
  system: z.enum(DATA_COLLECT_API_SYSTEMS, { error: DEVICE_DOCUMENTATION_MESSAGES.systemInvalid }),
  /** Forms send checkboxes as 'true' / 'false'; absent is no. */
  overwrite: z.stringbool().default(false),
});
export type DeviceDocumentationUploadFields = z.infer<typeof deviceDocumentationUploadFieldsSchema>;

/**
 * The multipart body of POST /device-documentations as OpenAPI describes it; the route reads the
 * parts itself with deviceDocumentationUploadFieldsSchema, so this schema documents only.
 */
export const deviceDocumentationUploadBodySchema = z.object({
  system: z.enum(DATA_COLLECT_API_SYSTEMS),
  file: z.string().meta({ format: 'binary' }),
  overwrite: z.boolean().optional(),
});

export const deviceDocumentationIdParamsSchema = z.object({ id: idSchema });

type ReadDocument =
  | { ok: true; version: string }
  | {
      ok: false;
      message: (typeof DEVICE_DOCUMENTATION_MESSAGES)[keyof typeof DEVICE_DOCUMENTATION_MESSAGES];
    };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a file is a device API documentation: a .json file holding an OpenAPI 3 (or Swagger 2)
 * document with `paths`, whose `info.version` names the API version it documents.
 */
export function readDeviceDocumentation(name: string, text: string): ReadDocument {
  if (!name.toLowerCase().endsWith('.json')) {
    return { ok: false, message: DEVICE_DOCUMENTATION_MESSAGES.notJsonFile };
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { ok: false, message: DEVICE_DOCUMENTATION_MESSAGES.notJson };
  }
  if (!isObject(document)) return { ok: false, message: DEVICE_DOCUMENTATION_MESSAGES.notOpenApi };
  const openApi = typeof document.openapi === 'string' && /^3\./.test(document.openapi);
  const swagger = document.swagger === '2.0';
  if (!(openApi || swagger) || !isObject(document.paths)) {
    return { ok: false, message: DEVICE_DOCUMENTATION_MESSAGES.notOpenApi };
  }
  const version = isObject(document.info) ? document.info.version : undefined;
  if (
    typeof version !== 'string' ||
    !version.trim() ||
    version.trim().length > DEVICE_DOCUMENTATION_VERSION_MAX_LENGTH
  ) {
    return { ok: false, message: DEVICE_DOCUMENTATION_MESSAGES.noVersion };
  }
  return { ok: true, version: version.trim() };
}
