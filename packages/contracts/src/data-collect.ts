import { z } from 'zod';
import { isMultiValuePath, parseJsonPath, queryJsonPath } from './json-path.ts';

// Data collection (RMS "data collect"): a config names endpoints of the device's local status API
// and the variables to pick from each answer with a JSONPath filter. Assigned devices get the
// configs with a `collect_config` command, call the endpoints every period, and publish what they
// read to `nf/d/<id>/dc`. This file is the one definition of the endpoint shape, the evaluation
// (shared by netfleet-agent and the simulator) and the message.

export const DATA_COLLECT_PERIOD_MIN = 60;
export const DATA_COLLECT_PERIOD_MAX = 31_536_000;
export const DATA_COLLECT_VARIABLES_MAX = 200;
export const DATA_COLLECT_ENDPOINTS_MAX = 20;
/** The most configs one device collects at once. */
export const DATA_COLLECT_CONFIGS_PER_DEVICE_MAX = 10;
export const DATA_COLLECT_VARIABLE_TYPES = [
  'string',
  'number',
  'integer',
  'boolean',
  'array',
  'object',
] as const;
export type DataCollectVariableType = (typeof DATA_COLLECT_VARIABLE_TYPES)[number];
export const DATA_COLLECT_EVALUATORS = ['bash', 'lua'] as const;

export const DATA_COLLECT_MESSAGES = {
  filterOrRef: 'Give a filter, a ref, or both',
  unknownRef: 'ref names no variable listed before this one in the same endpoint',
  duplicateVariable: 'Another variable of this endpoint has this id',
  noVariables: 'Add at least one variable to collect',
  tooManyVariables: `At most ${DATA_COLLECT_VARIABLES_MAX} variables in one config`,
  url: 'The endpoint starts with / (for example /modems/status)',
  placeholder: 'The url uses a {placeholder} that no search parameter fills',
} as const;

const variableIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-zA-Z0-9_-]+$/, 'Use letters, digits, - and _');

export const dataCollectTransformSchema = z.object({
  evaluator: z.enum(DATA_COLLECT_EVALUATORS),
  eval_var: z
    .string()
    .max(255)
    .regex(/^[a-zA-Z0-9_-]+$/, 'Use letters, digits, - and _'),
  expression: z.string().max(500),
});

const jsonPathSchema = z
  .string()
  .min(1)
  .max(500)
  .superRefine((path, context) => {
    const parsed = parseJsonPath(path);
    if (typeof parsed === 'string') context.addIssue({ code: 'custom', message: parsed });
  });

export const dataCollectVariableSchema = z.object({
  id: variableIdSchema,
  /** The id of an earlier variable of the same endpoint; the filter then reads that value ($). */
  ref: variableIdSchema.nullable().optional(),
  /** JSONPath into `{http_code, http_body}` (or into the ref's value). */
  filter: jsonPathSchema.nullable().optional(),
  type: z.enum(DATA_COLLECT_VARIABLE_TYPES),
  /** Used, converted to `type`, when the filter selects nothing. */
  default: z.string().max(255).nullable().optional(),
  transform: dataCollectTransformSchema.nullable().optional(),
  description: z.string().max(1000).optional(),
  /** Values the variable may take; anything else is logged and not stored. */
  enum: z.array(z.string().max(255)).min(1).max(100).nullable().optional(),
});
export type DataCollectVariable = z.infer<typeof dataCollectVariableSchema>;

export const dataCollectQueryParameterSchema = z.object({
  key: z.string().min(1).max(64),
  value: z.array(z.string().max(255)).max(20),
});

/**
 * Fills the url's `{key}` placeholder: the device reads `path`, takes the first item of its
 * `data` whose `search_key` equals `value`, and uses that item's `key`.
 */
export const dataCollectSearchParameterSchema = z.object({
  path: z.string().min(1).max(255).startsWith('/', DATA_COLLECT_MESSAGES.url),
  search_key: z.string().min(1).max(64),
  key: z.string().min(1).max(64),
  value: z.string().max(255),
});

export const dataCollectEndpointSchema = z
  .object({
    url: z.string().min(1).max(255).startsWith('/', DATA_COLLECT_MESSAGES.url),
    query_parameters: z.array(dataCollectQueryParameterSchema).min(1).max(20).optional(),
    search_parameters: z.array(dataCollectSearchParameterSchema).min(1).max(5).optional(),
    variables: z.array(dataCollectVariableSchema).min(1).max(DATA_COLLECT_VARIABLES_MAX),
  })
  .superRefine((endpoint, context) => {
    const filled = new Set((endpoint.search_parameters ?? []).map((s) => s.key));
    for (const match of endpoint.url.matchAll(/\{([^}]*)\}/g)) {
      if (!filled.has(match[1] ?? '')) {
        context.addIssue({
          code: 'custom',
          path: ['url'],
          message: DATA_COLLECT_MESSAGES.placeholder,
        });
      }
    }
    const seen = new Set<string>();
    endpoint.variables.forEach((variable, index) => {
      if (seen.has(variable.id)) {
        context.addIssue({
          code: 'custom',
          path: ['variables', index, 'id'],
          message: DATA_COLLECT_MESSAGES.duplicateVariable,
        });
      }
      if (!variable.filter && !variable.ref) {
        context.addIssue({
          code: 'custom',
          path: ['variables', index, 'filter'],
          message: DATA_COLLECT_MESSAGES.filterOrRef,
        });
      }
      if (variable.ref && !seen.has(variable.ref)) {
        context.addIssue({
          code: 'custom',
          path: ['variables', index, 'ref'],
          message: DATA_COLLECT_MESSAGES.unknownRef,
        });
      }
      seen.add(variable.id);
    });
  });
export type DataCollectEndpoint = z.infer<typeof dataCollectEndpointSchema>;

// ---------------------------------------------------------------------------------------------
// The command and the message

/** `collect_config` args: the whole set the device collects from now on (empty stops it). */
export const collectConfigArgsSchema = z.object({
  configs: z
    .array(
      z.object({
        id: z.number().int().positive(),
        period: z.number().int().min(DATA_COLLECT_PERIOD_MIN).max(DATA_COLLECT_PERIOD_MAX),
        data: z.array(dataCollectEndpointSchema).min(1).max(DATA_COLLECT_ENDPOINTS_MAX),
      }),
    )
    .max(DATA_COLLECT_CONFIGS_PER_DEVICE_MAX),
});
export type CollectConfigArgs = z.infer<typeof collectConfigArgsSchema>;
export type CollectConfig = CollectConfigArgs['configs'][number];

export const COLLECT_LOG_MAX = 50;

/** device → server on `nf/d/<id>/dc`: one run of one config. */
export const collectMessageSchema = z.object({
  ts: z.number().int().positive(),
  config_id: z.number().int().positive(),
  /** url → variable id → value; endpoints that answered nothing are left out. */
  data: z.record(z.string().max(255), z.record(z.string().max(64), z.unknown())),
  /** What went wrong in this run (RMS log wording). */
  log: z.array(z.string().max(1024)).max(COLLECT_LOG_MAX).default([]),
});
export type CollectMessage = z.infer<typeof collectMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Evaluation on the device

/** What one call to the device's local status API answered. */
export interface LocalApiAnswer {
  http_code: number;
  http_body: unknown;
}
export type LocalApi = (url: string) => LocalApiAnswer | Promise<LocalApiAnswer>;

const describe = (value: unknown) =>
  value === undefined ? 'undefined' : typeof value === 'string' ? value : JSON.stringify(value);

/** `value` as `type`, or undefined when it cannot be. */
export const convertCollected = (value: unknown, type: DataCollectVariableType): unknown => {
  switch (type) {
    case 'string':
      return typeof value === 'object' && value !== null ? undefined : String(value);
    case 'number': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
    }
    case 'integer': {
      const number = convertCollected(value, 'number');
      return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 1 || value === '1' || value === 'true') return true;
      if (value === 0 || value === '0' || value === 'false') return false;
      return undefined;
    case 'array':
      return Array.isArray(value) ? value : undefined;
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value)
        ? value
        : undefined;
  }
};

const withQuery = (url: string, endpoint: DataCollectEndpoint) => {
  const query = (endpoint.query_parameters ?? []).flatMap((parameter) =>
    parameter.value.map((v) => `${encodeURIComponent(parameter.key)}=${encodeURIComponent(v)}`),
  );
  return query.length ? `${url}${url.includes('?') ? '&' : '?'}${query.join('&')}` : url;
};

const resolveUrl = async (endpoint: DataCollectEndpoint, api: LocalApi, log: string[]) => {
  let url = endpoint.url;
  for (const search of endpoint.search_parameters ?? []) {
    const answer = await api(search.path);
    const items = queryJsonPath(answer, '$.http_body.data[*]');
    const found = items.find(
      (item) => String(queryJsonPath(item, `$.${search.search_key}`)[0]) === search.value,
    );
    const value = found === undefined ? undefined : queryJsonPath(found, `$.${search.key}`)[0];
    if (value === undefined) {
      log.push(
        `Search failed: path [${search.path}], no item with ${search.search_key} [${search.value}]`,
      );
      return null;
    }
    url = url.replaceAll(`{${search.key}}`, encodeURIComponent(String(value)));
  }
  return withQuery(url, endpoint);
};

/**
 * Reads one endpoint: calls it, picks every variable, converts it to its type. Values that fail
 * are logged in RMS's wording and left out (or take their default).
 */
export const collectEndpoint = async (
  endpoint: DataCollectEndpoint,
  api: LocalApi,
): Promise<{ values: Record<string, unknown> | null; log: string[] }> => {
  const log: string[] = [];
  const url = await resolveUrl(endpoint, api, log);
  if (url === null) return { values: null, log };
  const answer = await api(url);
  if (answer.http_code >= 400) {
    log.push(`Request failed: url [${url}], http code [${answer.http_code}]`);
    return { values: null, log };
  }
  // No prototype: a variable may be called anything its pattern allows, `__proto__` included.
  const values = Object.create(null) as Record<string, unknown>;
  for (const variable of endpoint.variables) {
    const where = `url [${endpoint.url}], id [${variable.id}], filter [${variable.filter ?? '$'}]`;
    const source = variable.ref ? values[variable.ref] : answer;
    const found = variable.filter ? queryJsonPath(source, variable.filter) : [source];
    const multi = variable.type === 'array' && variable.filter && isMultiValuePath(variable.filter);
    let raw: unknown = multi ? found : found[0];
    if (raw === undefined || (multi && found.length === 0)) {
      if (variable.default === null || variable.default === undefined) {
        log.push(`Variable retrieval failed: ${where}, no value found`);
        continue;
      }
      raw = variable.default;
    }
    const value = convertCollected(raw, variable.type);
    if (value === undefined) {
      log.push(
        `Variable retrieval failed: ${where}, type mismatch: can not convert actual value [${describe(raw)}] to expected [${variable.type}] type`,
      );
      continue;
    }
    if (variable.enum && !variable.enum.includes(describe(value))) {
      log.push(
        `Variable retrieval failed: ${where}, value [${describe(value)}] is not one of [${variable.enum.join(', ')}]`,
      );
      continue;
    }
    if (variable.transform) {
      log.push(
        `Transform skipped: ${where}, evaluator [${variable.transform.evaluator}] is not available on this device`,
      );
    }
    values[variable.id] = value;
  }
  return { values, log };
};

/** One run of a config: every endpoint read, the message to publish. */
export const collectConfig = async (
  config: CollectConfig,
  api: LocalApi,
  now: number,
): Promise<CollectMessage> => {
  const data: CollectMessage['data'] = {};
  const log: string[] = [];
  for (const endpoint of config.data) {
    const result = await collectEndpoint(endpoint, api);
    if (result.values) data[endpoint.url] = result.values;
    log.push(...result.log);
  }
  return { ts: now, config_id: config.id, data, log: log.slice(0, COLLECT_LOG_MAX) };
};

/**
 * The local API's rule for query parameters: an answer whose `data` is a list keeps the items
 * whose field `key` is one of the values given (`/interfaces/status?name=lan`).
 */
export const filterByQuery = (body: unknown, url: string): unknown => {
  const query = url.includes('?') ? new URLSearchParams(url.slice(url.indexOf('?') + 1)) : null;
  const data = (body as { data?: unknown } | null)?.data;
  if (!query || !Array.isArray(data)) return body;
  const keys = [...new Set(query.keys())];
  const kept = data.filter((item) =>
    keys.every((key) => query.getAll(key).includes(String((item as Record<string, unknown>)[key]))),
  );
  return { ...(body as object), data: kept };
};

/** The local status API endpoints netfleet devices answer (the simulator all, the agent some). */
export const LOCAL_API_ENDPOINTS = [
  { url: '/system/device/status', description: 'Hostname, model, firmware, uptime, load' },
  { url: '/system/device/usage/status', description: 'Memory and storage use' },
  { url: '/interfaces/status', description: 'Network interfaces with traffic counters' },
  { url: '/modems/status', description: 'Modems: signal, operator, temperature' },
  { url: '/gps/position/status', description: 'GPS position and satellites' },
  { url: '/wireless/interfaces/status', description: 'Wi-Fi interfaces and clients' },
] as const;
