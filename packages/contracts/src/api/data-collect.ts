import { z } from 'zod';
import { apiDateQuerySchema, apiDateSchema } from '../api-dates.ts';
import {
  DATA_COLLECT_ENDPOINTS_MAX,
  DATA_COLLECT_PERIOD_MAX,
  DATA_COLLECT_PERIOD_MIN,
  type DataCollectEndpoint,
  dataCollectEndpointSchema,
  dataCollectQueryParameterSchema,
  dataCollectSearchParameterSchema,
  dataCollectTransformSchema,
  dataCollectVariableSchema,
  LOCAL_API_ENDPOINTS,
} from '../data-collect.ts';
import { ID_MAX, idSchema, listQuerySchema } from '../list.ts';
import { requiredIdSchema } from './companies.ts';
import { DEVICE_JOBS_BULK_MAX } from './device-jobs.ts';

// The RMS data-collect operations: configs (what to read from which endpoints, how often),
// their assignment to devices, the logs devices report, and the values collected.

export const DATA_COLLECT_API_MESSAGES = {
  notFound: 'Data collect config not found',
  unknownDocumentation: 'Unknown device documentation',
  tooManyConfigs: 'The device collects the most configs it can already',
  duplicateConfig: 'The config is listed twice',
  outsideCompany: "The device is not in the config's company or below it",
  field: 'Use the form <config id>:<url>:<variable>, for example 1:/modems/status:rsrp',
  dateRange: 'end_date must not be before start_date',
} as const;

/**
 * The device API documentations a config may be written against (RMS uploads one per firmware):
 * netfleet devices answer one status API, LOCAL_API_ENDPOINTS.
 */
export const DEVICE_API_DOCUMENTATIONS = [
  {
    id: 1,
    name: 'netfleet device status API',
    api_system: 'rutos',
    api_version: '1.0',
    endpoints: LOCAL_API_ENDPOINTS,
  },
] as const;

export const DATA_COLLECT_API_SYSTEMS = ['rutos', 'tswos'] as const;

export const dataCollectConfigBodySchema = z.object({
  name: z.string().trim().max(255).nullable().optional(),
  description: z.string().trim().max(255).nullable().optional(),
  company_id: requiredIdSchema('Company'),
  api_version: z.string().trim().min(1).max(255),
  api_system: z.enum(DATA_COLLECT_API_SYSTEMS).nullable().optional(),
  period: z.number().int().min(DATA_COLLECT_PERIOD_MIN).max(DATA_COLLECT_PERIOD_MAX),
  enabled: z.boolean(),
  device_documentation_id: requiredIdSchema('Device documentation'),
  data: z.array(dataCollectEndpointSchema).min(1).max(DATA_COLLECT_ENDPOINTS_MAX),
});
export type DataCollectConfigBody = z.infer<typeof dataCollectConfigBodySchema>;

/**
 * An endpoint as RMS answers it: a variable's `transform` is text (the JSON of the transform
 * object, which `parseCollectTransform` reads back), and `url_params` names the values the search
 * parameters look for per placeholder.
 */
export const dataCollectEndpointAnswerSchema = z.object({
  url: z.string(),
  query_parameters: z.array(dataCollectQueryParameterSchema).optional(),
  search_parameters: z.array(dataCollectSearchParameterSchema).optional(),
  url_params: z.record(z.string(), z.array(z.string())),
  variables: z.array(
    dataCollectVariableSchema
      .omit({ transform: true })
      .extend({ transform: z.string().nullable() }),
  ),
});
export type DataCollectEndpointAnswer = z.infer<typeof dataCollectEndpointAnswerSchema>;

export const toEndpointAnswer = (endpoint: DataCollectEndpoint): DataCollectEndpointAnswer => ({
  ...endpoint,
  url_params: Object.fromEntries(
    (endpoint.search_parameters ?? []).map((search) => [search.key, [search.value]]),
  ),
  variables: endpoint.variables.map((variable) => ({
    ...variable,
    transform: variable.transform ? JSON.stringify(variable.transform) : null,
  })),
});

const parseTransform = (text: string) => {
  try {
    const parsed = dataCollectTransformSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** An answered endpoint back in the shape a body takes (the console edits it). */
export const fromEndpointAnswer = (endpoint: DataCollectEndpointAnswer): DataCollectEndpoint => {
  const { url_params: _urlParams, ...rest } = endpoint;
  return {
    ...rest,
    variables: endpoint.variables.map((variable) => ({
      ...variable,
      transform: variable.transform ? parseTransform(variable.transform) : null,
    })),
  };
};

export const dataCollectConfigSchema = z.object({
  id: z.number().int(),
  type: z.enum(['user', 'system']),
  company_id: z.number().int(),
  company_name: z.string().nullable(),
  config: z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    type: z.string(),
    version: z.string(),
    retention: z.string(),
    api_system: z.string().nullable(),
    api_version: z.string(),
    data_source: z.string(),
    device_documentation_id: z.number().int(),
    data: z.array(dataCollectEndpointAnswerSchema),
  }),
  enabled: z.boolean(),
  period: z.number().int(),
  device_count: z.number().int(),
  created_at: apiDateSchema,
  updated_at: apiDateSchema,
});
export type DataCollectConfig = z.infer<typeof dataCollectConfigSchema>;

export const dataCollectListQuerySchema = listQuerySchema.pick({
  limit: true,
  offset: true,
  q: true,
});

export const dataCollectAssignBodySchema = z.object({
  configs: z
    .array(
      z.object({
        /** RMS sends the config id as a string. */
        id: z.union([z.number(), z.string()]).pipe(idSchema),
        device_id: z.array(requiredIdSchema('Device')).min(1).max(DEVICE_JOBS_BULK_MAX),
        period: z.number().int().min(DATA_COLLECT_PERIOD_MIN).max(DATA_COLLECT_PERIOD_MAX),
        enabled: z.boolean(),
      }),
    )
    .min(1)
    .max(20),
});
export type DataCollectAssignBody = z.infer<typeof dataCollectAssignBodySchema>;

export const dataCollectUnassignBodySchema = z.object({
  device_id: z.array(requiredIdSchema('Device')).min(1).max(DEVICE_JOBS_BULK_MAX),
});

export const dataCollectAssignedQuerySchema = listQuerySchema
  .pick({ limit: true, offset: true })
  .extend({ device_id: idSchema.optional(), config_id: idSchema.optional() });
export type DataCollectAssignedQuery = z.infer<typeof dataCollectAssignedQuerySchema>;

export const dataCollectAssignmentSchema = z.object({
  company_id: z.number().int(),
  device_id: z.number().int(),
  config_id: z.number().int(),
  enabled: z.boolean(),
  period: z.number().int(),
  config_name: z.string(),
  config_description: z.string().nullable(),
  config_type: z.string(),
  fields_count: z.number().int(),
  device_name: z.string(),
  device_description: z.string().nullable(),
  editable: z.boolean(),
  /** When the device last sent this config's data. */
  last_updated_at: apiDateSchema.nullable(),
});
export type DataCollectAssignment = z.infer<typeof dataCollectAssignmentSchema>;

export const dataCollectLogQuerySchema = dataCollectAssignedQuerySchema;
export const dataCollectLogSchema = z.object({
  device_id: z.number().int(),
  /** netfleet: the device's name, so a log reads without another request. */
  device_name: z.string(),
  config_id: z.number().int(),
  log: z.array(z.string()),
  created_at: apiDateSchema,
});
export type DataCollectLog = z.infer<typeof dataCollectLogSchema>;

export const customDataQuerySchema = listQuerySchema
  .pick({ limit: true, offset: true })
  .extend({
    start_date: apiDateQuerySchema,
    end_date: apiDateQuerySchema,
    config_id: idSchema.optional(),
  })
  .refine((query) => query.end_date >= query.start_date, {
    message: DATA_COLLECT_API_MESSAGES.dateRange,
    path: ['end_date'],
  });
export type CustomDataQuery = z.infer<typeof customDataQuerySchema>;

export const customDataRowSchema = z.object({
  config_id: z.number().int(),
  data: z.record(z.string(), z.record(z.string(), z.unknown())),
  created_at: apiDateSchema,
});
export type CustomDataRow = z.infer<typeof customDataRowSchema>;

/** `<config id>:<url>:<variable>`; the url may hold colons, the variable may not. */
export const parseDataCollectField = (field: string) => {
  const match = /^(\d{1,10}):(\/[^\0]*):([a-zA-Z0-9_-]+)$/.exec(field);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const configId = Number(match[1]);
  if (configId < 1 || configId > ID_MAX) return null;
  return { configId, url: match[2], variable: match[3] };
};

export const dataCollectFieldQuerySchema = z.object({
  field: z
    .string()
    .max(400)
    .refine((field) => parseDataCollectField(field) !== null, DATA_COLLECT_API_MESSAGES.field),
});

/** The graph answer: per variable, each latest value and how many devices have it. */
export const dataCollectGraphSchema = z.record(z.string(), z.record(z.string(), z.number().int()));
export type DataCollectGraph = z.infer<typeof dataCollectGraphSchema>;

/** Writes that send devices their new set answer the status channel of those jobs. */
export const dataCollectSentSchema = z.object({
  success: z.literal(true),
  meta: z.object({ channel: z.string().nullable() }).optional(),
});

export const dataCollectFieldsTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fields: z.array(
    z.object({ id: z.string(), url: z.string(), description: z.string().nullable() }),
  ),
});
export type DataCollectFieldsTemplate = z.infer<typeof dataCollectFieldsTemplateSchema>;
