import { z } from 'zod';
import { DEVICE_SERIES } from '../device-models.ts';
import { imeiSchema, macSchema, serialSchema } from '../device-protocol.ts';
import { errorItemSchema } from '../errors.ts';
import { monitoringPeriodOrOffSchema, nameSchema } from '../validation.ts';
import { requiredIdSchema } from './companies.ts';
import {
  DEVICE_BULK_MAX,
  DEVICE_DESCRIPTION_MAX_LENGTH,
  DEVICE_NAME_MAX_LENGTH,
} from './devices.ts';
import { bodyIdSchema } from './users.ts';

const nullableText = z.string().nullable();

const deviceNameSchema = nameSchema({ max: DEVICE_NAME_MAX_LENGTH });
const descriptionSchema = z.string().trim().max(DEVICE_DESCRIPTION_MAX_LENGTH);

/**
 * An identity field the device's series does not use: RMS's definition requires both `mac` and
 * `imei`, so RMS clients send an empty string for the one that does not apply.
 */
const unlessBlank = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => undefined), schema]).optional();

/** One device to add; identity (MAC or IMEI) is required per series (see identityOf). */
export const newDeviceSchema = z.object({
  company_id: requiredIdSchema('Company'),
  serial: serialSchema,
  mac: unlessBlank(macSchema),
  imei: unlessBlank(imeiSchema),
  name: deviceNameSchema.optional(),
  description: descriptionSchema.optional(),
  device_series: z.enum(DEVICE_SERIES).default('rut'),
  /** Tags (of the device's company) the new device gets. */
  tag_id: z.array(bodyIdSchema).max(100).optional(),
  /**
   * RMS fields netfleet accepts and does not act on yet: files to apply after the first
   * connection, credits, and the password RMS asks for (netfleet enrols with a claim secret).
   */
  firmware_file_id: bodyIdSchema.optional(),
  config_file_id: bodyIdSchema.optional(),
  auto_credit_enable: z.boolean().optional(),
  password_confirmation: z.string().max(255).optional(),
});
export type NewDevice = z.infer<typeof newDeviceSchema>;

/**
 * One item of POST /devices as declared: RMS's fields with their JSON types. The values are
 * checked item by item (newDeviceSchema), so one bad item does not refuse the others.
 */
const newDeviceItemSchema = z.looseObject({
  company_id: z.number().int().optional(),
  device_series: z.string().optional().describe(DEVICE_SERIES.join(', ')),
  serial: z.string().optional(),
  mac: z.string().optional(),
  imei: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  firmware_file_id: z.number().int().optional(),
  config_file_id: z.number().int().optional(),
  auto_credit_enable: z.boolean().optional(),
  password_confirmation: z.string().optional(),
  tag_id: z.array(z.number().int()).optional(),
});

/** POST /devices: `{data: [...]}` (RMS) or one device object (netfleet's console). */
export const createDevicesBodySchema = z.union([
  z.object({ data: z.array(newDeviceItemSchema).min(1).max(DEVICE_BULK_MAX) }),
  newDeviceItemSchema,
]);

/** The only answer that ever shows a device's claim secret. */
export const createdDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serial: z.string(),
  mac: nullableText,
  imei: nullableText,
  company_id: z.number().int(),
  claim_secret: z.string(),
});
export type CreatedDevice = z.infer<typeof createdDeviceSchema>;

export const bulkEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    success: z.literal(true),
    data: z.array(item),
    errors: z.array(errorItemSchema).optional(),
    meta: z.looseObject({ total: z.number().int().optional(), channel: z.string().optional() }),
  });

export const claimSecretResultSchema = z.object({ id: z.number().int(), claim_secret: z.string() });

/** The *_monitoring fields PUT /devices/{id} takes (RMS names). */
export const DEVICE_MONITORING_BODY_FIELDS = [
  'dynamic_monitoring',
  'static_monitoring',
  'hotspot_monitoring',
  'io_monitoring',
  'gps_monitoring',
  'wireless_monitoring',
  'ddns_monitoring',
  'vpn_monitoring',
] as const;

export const updateDeviceBodySchema = z.object({
  name: deviceNameSchema.optional(),
  description: descriptionSchema.optional(),
  user_set_latitude: z.number().min(-90).max(90).nullable().optional(),
  user_set_longitude: z.number().min(-180).max(180).nullable().optional(),
  /** Replaces the device's tags. */
  tag_id: z.array(bodyIdSchema).max(DEVICE_BULK_MAX).optional(),
  ...(Object.fromEntries(
    DEVICE_MONITORING_BODY_FIELDS.map((field) => [field, monitoringPeriodOrOffSchema.optional()]),
  ) as Record<
    (typeof DEVICE_MONITORING_BODY_FIELDS)[number],
    z.ZodOptional<typeof monitoringPeriodOrOffSchema>
  >),
});
export type UpdateDeviceBody = z.infer<typeof updateDeviceBodySchema>;

const deviceIdsSchema = z
  .array(bodyIdSchema)
  .min(1, 'Choose at least one device')
  .max(DEVICE_BULK_MAX);
export const deleteDevicesBodySchema = z.object({ device_id: deviceIdsSchema });
export const moveDevicesBodySchema = z.object({
  device_id: deviceIdsSchema,
  company_id: requiredIdSchema('Company'),
});

/** RMS sends `tag_id` as a list; one id alone is taken too. */
const tagIdsSchema = z.union([
  bodyIdSchema.transform((id) => [id]),
  z.array(bodyIdSchema).max(100),
]);
export const deviceTagBodySchema = z.object({
  data: z
    .array(z.object({ device_id: bodyIdSchema, tag_id: tagIdsSchema }))
    .min(1)
    .max(DEVICE_BULK_MAX),
});
export const deviceTagOverwriteBodySchema = z.object({
  data: z
    .array(
      z.object({
        device_id: bodyIdSchema,
        tag_id: tagIdsSchema,
      }),
    )
    .min(1)
    .max(DEVICE_BULK_MAX),
});

/**
 * POST /devices/import, multipart/form-data: the CSV `file` and RMS's fields. netfleet reads CSV
 * only (not xls); credits, password-less adding and files to apply are accepted, not acted on.
 * Declared for the API description: multipart fields arrive as text and are checked by the route.
 */
export const importDevicesBodySchema = z
  .object({
    type: z.enum(['csv']).optional(),
    device_series: z.enum(DEVICE_SERIES).optional(),
    company_id: z.number().int(),
    auto_credit_enable: z.boolean().optional(),
    add_without_password: z.boolean().optional(),
    firmware_file_id: z.number().int().optional(),
    config_file_id: z.number().int().optional(),
    file: z.string().meta({ format: 'binary' }),
    tag_id: z.array(z.number().int()).optional(),
  })
  // The multipart parts are read by the route itself: Fastify's body is null here.
  .nullish();

/** Per-row result of POST /devices/import (row = line number in the file, header is 1). */
export const importRowResultSchema = z.object({
  row: z.number().int(),
  ok: z.boolean(),
  serial: z.string(),
  id: z.number().int().optional(),
  claim_secret: z.string().optional(),
  error: errorItemSchema.optional(),
});
