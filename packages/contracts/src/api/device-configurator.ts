import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import {
  CONFIG_REQUESTS_MAX,
  type ConfigChange,
  configRequestSchema,
  type ConfigRequest,
  parseConfigPath,
} from '../device-config.ts';
import { compareFirmware, parseFirmware, type FirmwareVersion } from '../device-models.ts';
import { idListSchema, idSchema, listQuerySchema } from '../list.ts';
import { nameSchema } from '../validation.ts';
import { requiredIdSchema } from './companies.ts';
import { asyncAcceptedSchema, DEVICE_JOB_STATES, deviceIdListSchema } from './device-jobs.ts';

// Device configuration (RMS "device multi configuration", its templates and logs): templates of
// configuration requests bound to a model and firmware range, applied to many devices at once
// (each device gets one all-or-nothing `config_set` job), read back, compared and rolled back.

export const CONFIG_TEMPLATE_NAME_MAX_LENGTH = 255;
/** Devices one configure or template use may reach. */
export const CONFIGURE_DEVICES_MAX = 1000;
/** A configuration job waits this long for an offline device. */
export const CONFIG_JOB_EXPIRY_SECONDS = 24 * 60 * 60;

export const DEVICE_CONFIGURATOR_MESSAGES = {
  templateNotFound: 'Configuration template not found',
  actionNotFound: 'Configuration action not found',
  deviceNotFound: 'Device not found',
  duplicateTemplate: 'A template with this name and version exists already',
  badVersion: 'Use a version in the format x.y.z',
  badFirmware: 'Use a firmware version such as 07.06.1 or RUTX_R_00.07.06.1',
  firmwareRange: 'The minimum firmware must not be above the maximum',
  templateEmpty: 'Add at least one request',
  getInTemplate: 'A template changes configuration: use post, put or delete',
  wrongModel: (model: string, templateModel: string) =>
    `The template is for ${templateModel}, not ${model}`,
  belowFirmware: (firmware: string, min: string) =>
    `The device runs ${firmware || 'an unknown firmware'}; the template needs ${min} or later`,
  aboveFirmware: (firmware: string, max: string) =>
    `The device runs ${firmware}; the template is for ${max} or earlier`,
  nothingToRollBack: 'No device finished this action: there is nothing to roll back',
  noDevices: 'Name at least one device',
  /** A secret sent back masked (SECRET_VALUE_MASK) where the template stores no value for it. */
  maskedSecret: 'Type the value: there is no stored one to keep',
} as const;

/** `7.6.1`, `07.06.1`, `00.07.06.1` or a whole firmware string → comparable version. */
export const parseFirmwareBound = (value: string): FirmwareVersion | null => {
  const bare = /^(?:00\.)?(\d{1,2})\.(\d{1,2})(?:\.(\d{1,3}))?$/.exec(value.trim());
  if (bare) return [Number(bare[1]), Number(bare[2]), Number(bare[3] ?? 0)];
  return parseFirmware(value);
};

/** Why a device cannot take a template (null when it can): its model and firmware range. */
export const templateMisfit = (
  template: {
    device_model: string | null;
    min_firmware: string | null;
    max_firmware: string | null;
  },
  device: { model: string; firmware: string | null },
): string | null => {
  const { device_model: templateModel, min_firmware: min, max_firmware: max } = template;
  if (templateModel && !device.model.toUpperCase().startsWith(templateModel.toUpperCase())) {
    return DEVICE_CONFIGURATOR_MESSAGES.wrongModel(device.model, templateModel);
  }
  const version = parseFirmware(device.firmware);
  const minVersion = min ? parseFirmwareBound(min) : null;
  const maxVersion = max ? parseFirmwareBound(max) : null;
  if (min && minVersion && (!version || compareFirmware(version, minVersion) < 0)) {
    return DEVICE_CONFIGURATOR_MESSAGES.belowFirmware(device.firmware ?? '', min);
  }
  if (max && maxVersion && (!version || compareFirmware(version, maxVersion) > 0)) {
    return DEVICE_CONFIGURATOR_MESSAGES.aboveFirmware(device.firmware ?? '', max);
  }
  return null;
};

const firmwareBoundSchema = z
  .string()
  .trim()
  .max(64)
  .refine((value) => parseFirmwareBound(value) !== null, DEVICE_CONFIGURATOR_MESSAGES.badFirmware)
  .nullable()
  .default(null);

/** A template request: a configuration path that names a section, never a read. */
export const templateRequestSchema = configRequestSchema.superRefine((request, ctx) => {
  if (!parseConfigPath(request.path)?.section) {
    ctx.addIssue({
      code: 'custom',
      path: ['path'],
      message: 'Use a path /<config>/<section>, e.g. /network/lan',
    });
  }
  if (request.method === 'get') {
    ctx.addIssue({
      code: 'custom',
      path: ['method'],
      message: DEVICE_CONFIGURATOR_MESSAGES.getInTemplate,
    });
  }
});

const templateFields = {
  name: nameSchema({ max: CONFIG_TEMPLATE_NAME_MAX_LENGTH }),
  version: z
    .string()
    .trim()
    .regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, DEVICE_CONFIGURATOR_MESSAGES.badVersion),
  template: z
    .array(templateRequestSchema)
    .min(1, DEVICE_CONFIGURATOR_MESSAGES.templateEmpty)
    .max(CONFIG_REQUESTS_MAX),
  /** netfleet: the model (or model prefix, `RUTX`) the template is for; null: any. */
  device_model: z.string().trim().max(32).nullable().default(null),
  /** netfleet: the firmware the template was written against (informative). */
  firmware: z.string().trim().max(64).nullable().default(null),
  min_firmware: firmwareBoundSchema,
  max_firmware: firmwareBoundSchema,
};

const rangeInOrder = (body: { min_firmware: string | null; max_firmware: string | null }) => {
  const min = body.min_firmware ? parseFirmwareBound(body.min_firmware) : null;
  const max = body.max_firmware ? parseFirmwareBound(body.max_firmware) : null;
  return !min || !max || compareFirmware(min, max) <= 0;
};

export const createConfigTemplateBodySchema = z
  .object({ company_id: requiredIdSchema('Company'), ...templateFields })
  .refine(rangeInOrder, {
    message: DEVICE_CONFIGURATOR_MESSAGES.firmwareRange,
    path: ['max_firmware'],
  });
export type CreateConfigTemplateBody = z.infer<typeof createConfigTemplateBodySchema>;

export const updateConfigTemplateBodySchema = z.object(templateFields).refine(rangeInOrder, {
  message: DEVICE_CONFIGURATOR_MESSAGES.firmwareRange,
  path: ['max_firmware'],
});
export type UpdateConfigTemplateBody = z.infer<typeof updateConfigTemplateBodySchema>;

/** RMS: `template` is the requests as JSON text; netfleet adds the model and firmware range. */
export const configTemplateSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  version: z.string(),
  template: z.string(),
  device_model: z.string().nullable(),
  firmware: z.string().nullable(),
  min_firmware: z.string().nullable(),
  max_firmware: z.string().nullable(),
  created_at: apiDateSchema,
  updated_at: apiDateSchema,
});
export type ConfigTemplate = z.infer<typeof configTemplateSchema>;

/** The requests of a template's `template` text. */
export const templateRequests = (template: Pick<ConfigTemplate, 'template'>): ConfigRequest[] =>
  z.array(configRequestSchema).parse(JSON.parse(template.template));

export const configTemplateListQuerySchema = listQuerySchema.pick({
  limit: true,
  offset: true,
  q: true,
  sort: true,
  id: true,
});
export type ConfigTemplateListQuery = z.infer<typeof configTemplateListQuerySchema>;

export const useConfigTemplateBodySchema = z.object({
  device_id: z
    .array(requiredIdSchema('Device'))
    .min(1, DEVICE_CONFIGURATOR_MESSAGES.noDevices)
    .max(CONFIGURE_DEVICES_MAX),
});
export type UseConfigTemplateBody = z.infer<typeof useConfigTemplateBodySchema>;

const queryParameterSchema = z.object({
  key: z.string().max(255).optional(),
  value: z.string().max(255).optional(),
});
const searchElementSchema = z.object({
  search_key: z.string().max(255).optional(),
  path: z.string().max(255).optional(),
  elements: z
    .array(z.object({ key: z.string().max(255).optional(), value: z.string().max(255).optional() }))
    .max(100)
    .optional(),
});

/** RMS send_configuration: requests, each for a list of devices. */
export const configureBodySchema = z.object({
  configuration: z
    .array(
      z.object({
        device_id: deviceIdListSchema,
        path: z.string().trim().max(255),
        method: z.enum(['post', 'put', 'delete']),
        content_type: z.string().max(64).default('application/json'),
        query_parameters: z.array(queryParameterSchema).max(20).optional(),
        search_elements: z.array(searchElementSchema).max(20).optional(),
        /** An object of options; RMS also allows a list of strings for delete (ignored). */
        request_data: z
          .union([configRequestSchema.shape.request_data, z.array(z.string().max(255)).max(100)])
          .optional(),
      }),
    )
    .min(1)
    .max(CONFIG_REQUESTS_MAX),
});
export type ConfigureBody = z.infer<typeof configureBodySchema>;

/** RMS get_configuration: the sections (or whole configs) to read from one device. */
export const readConfigurationBodySchema = z.object({
  device_id: requiredIdSchema('Device'),
  endpoints: z
    .array(
      z.object({
        path: z.string().trim().max(255),
        query_parameters: z.array(queryParameterSchema).max(20).optional(),
        search_elements: z.array(searchElementSchema).max(20).optional(),
      }),
    )
    .max(CONFIG_REQUESTS_MAX)
    .default([]),
});
export type ReadConfigurationBody = z.infer<typeof readConfigurationBodySchema>;

export const configSpecificationQuerySchema = z.object({
  device_id: idListSchema.pipe(z.array(z.number()).min(1)),
});
export type ConfigSpecificationQuery = z.infer<typeof configSpecificationQuerySchema>;

/** Configure, template use and rollback: the channel, and netfleet's name of the action. */
export const configActionAnswerSchema = asyncAcceptedSchema.extend({
  meta: z.object({ channel: z.string(), action_name: z.string() }),
});

/** RMS configuration log row: one request of one action on one device. */
export const configLogSchema = z.object({
  device_id: z.number().int(),
  action_name: z.string(),
  method: z.string(),
  route: z.string(),
  request_message: z.string(),
  response_message: z.string(),
  response_code: z.number().int(),
  request_state: z.string(),
  duration: z.number(),
  execution_duration: z.number(),
  additional_information: z.string(),
  created_at: apiDateSchema,
  updated_at: apiDateSchema,
  display_name: z.string(),
  request_hidden: z.number().int(),
  request_id: z.number().int(),
});
export type ConfigLog = z.infer<typeof configLogSchema>;

export const configLogListQuerySchema = listQuerySchema.pick({ limit: true, offset: true });
export type ConfigLogListQuery = z.infer<typeof configLogListQuerySchema>;

export const CONFIG_ACTION_KINDS = ['configure', 'template', 'rollback', 'read'] as const;
export type ConfigActionKind = (typeof CONFIG_ACTION_KINDS)[number];

/** netfleet: one configure, template use, rollback or read, with its devices' progress. */
export const configActionSchema = z.object({
  name: z.string(),
  kind: z.enum(CONFIG_ACTION_KINDS),
  company_id: z.number().int(),
  template_id: z.number().int().nullable(),
  template_name: z.string().nullable(),
  rollback_of: z.string().nullable(),
  requests: z.array(configRequestSchema),
  user_email: z.string().nullable(),
  channel: z.string().nullable(),
  devices: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  created_at: apiDateSchema,
});
export type ConfigAction = z.infer<typeof configActionSchema>;

export const configActionListQuerySchema = listQuerySchema
  .pick({ limit: true, offset: true })
  .extend({ device_id: idSchema.optional() });
export type ConfigActionListQuery = z.infer<typeof configActionListQuerySchema>;

export const configChangeSchema: z.ZodType<ConfigChange> = z.object({
  path: z.string(),
  option: z.string(),
  before: z.union([z.string(), z.array(z.string())]).nullable(),
  after: z.union([z.string(), z.array(z.string())]).nullable(),
});

/** netfleet: how one device took an action, with what it changed (read back from the device). */
export const configActionDeviceSchema = z.object({
  device_id: z.number().int(),
  device_name: z.string(),
  serial: z.string(),
  model: z.string(),
  status: z.enum(DEVICE_JOB_STATES),
  message: z.string().nullable(),
  changes: z.array(configChangeSchema),
  /** For a read: the values the device returned. */
  values: z.record(z.string(), z.unknown()).nullable(),
  finished_at: apiDateSchema.nullable(),
});
export type ConfigActionDevice = z.infer<typeof configActionDeviceSchema>;

export const configRollbackBodySchema = z.object({
  /** The devices to roll back; absent: every device that completed the action. */
  device_id: z.array(requiredIdSchema('Device')).max(CONFIGURE_DEVICES_MAX).optional(),
});
export type ConfigRollbackBody = z.infer<typeof configRollbackBodySchema>;
