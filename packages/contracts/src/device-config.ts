import { z } from 'zod';
import { checkConfigOption, type ConfigModel, configsOfModel } from './device-config-schema.ts';

// A device's configuration in the style of OpenWrt UCI: configs (one file each: `network`,
// `wireless` …) of named sections, each with a type (`.type`) and options whose values are a
// string or a list of strings. Devices change it through requests in the shape of RMS's
// configurator (`path` `/<config>/<section>`, `method`, `request_data`), applied all or nothing,
// and answer with each section before and after, so the server can show what changed and undo it.

export type ConfigValue = string | string[];
/** A section: its type under `.type`, then its options. */
export type ConfigSection = Record<string, ConfigValue>;
export type ConfigFile = Record<string, ConfigSection>;
export type DeviceConfig = Record<string, ConfigFile>;

export const SECTION_TYPE_KEY = '.type';
export const CONFIG_NAME_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/;
export const SECTION_NAME_PATTERN = /^[A-Za-z0-9_]{1,64}$/;
/**
 * Requests in one template or one configure call: the device answers each with its section
 * before and after, and the answer must fit an ack's 16 KiB result.
 */
export const CONFIG_REQUESTS_MAX = 40;

export const CONFIG_METHODS = ['get', 'post', 'put', 'delete'] as const;
export type ConfigMethod = (typeof CONFIG_METHODS)[number];

export const DEVICE_CONFIG_MESSAGES = {
  badPath: 'Use a path /<config>/<section>, e.g. /network/lan',
  noConfig: (config: string) => `The device has no ${config} configuration`,
  noSection: (path: string) => `${path} does not exist`,
  sectionExists: (path: string) => `${path} exists already`,
  typeRequired: 'A new section needs its type in request_data[".type"]',
  typeChange: 'The type of an existing section cannot change',
  nothingToSet: 'request_data names no option',
  readOnly: 'A get request changes nothing; use it to read values',
} as const;

const valueSchema = z.union([z.string().max(1024), z.array(z.string().max(1024)).max(64)]);

/**
 * One request of a template or a configure call. `put` changes options of an existing section
 * (null removes one), `post` creates a section (with `.type`), `delete` removes it, `get` reads.
 */
export const configRequestSchema = z.object({
  path: z.string().trim().max(255),
  method: z.enum(CONFIG_METHODS),
  content_type: z.string().max(64).default('application/json'),
  request_data: z.record(z.string().max(64), valueSchema.nullable()).default({}),
  /**
   * netfleet, for `post`: the new section's place among its config's sections (UCI order is
   * firewall rule order); absent, it goes last. A rollback puts a removed section back in place.
   */
  position: z.number().int().min(0).max(10_000).optional(),
});
export type ConfigRequest = z.infer<typeof configRequestSchema>;

/** Options holding a secret (a Wi-Fi key, a DDNS password or token): shown masked, never in clear. */
const SECRET_OPTION = /pass|key|secret|token|psk/i;
export const isSecretOption = (option: string): boolean => SECRET_OPTION.test(option);
/**
 * What the API sends in place of a secret option's value (reads, change lists, logs): the value
 * is set, but only the device and the one who typed it know it.
 */
export const SECRET_VALUE_MASK = '••••••';

/** `/network/lan` → { config: 'network', section: 'lan' }; `/network` → section undefined. */
export const parseConfigPath = (
  path: string,
): { config: string; section: string | undefined } | null => {
  const parts = path.replace(/\/+$/, '').split('/');
  if (parts[0] !== '' || parts.length < 2 || parts.length > 3) return null;
  const [, config = '', section] = parts;
  if (!CONFIG_NAME_PATTERN.test(config)) return null;
  if (section !== undefined && !SECTION_NAME_PATTERN.test(section)) return null;
  return { config, section };
};

/** What a device did with one request; `before`/`after` are the section around it. */
export const configResultSchema = z.object({
  path: z.string(),
  method: z.enum(CONFIG_METHODS),
  /** HTTP-like: 200 done, 201 created, 400 refused, 404 not found. */
  code: z.number().int(),
  message: z.string().optional(),
  before: z.record(z.string(), valueSchema).nullable(),
  after: z.record(z.string(), valueSchema).nullable(),
  /** For a `delete`: the section's place among its config's sections before it went. */
  position: z.number().int().optional(),
});
export type ConfigResult = z.infer<typeof configResultSchema>;

/** `config_set`: the requests, applied in order, all or nothing. */
export const configSetArgsSchema = z.object({
  requests: z.array(configRequestSchema).min(1).max(CONFIG_REQUESTS_MAX),
});
export type ConfigSetArgs = z.infer<typeof configSetArgsSchema>;
/** The JSON `result` of a `config_set` ack (completed or failed). */
export const configSetResultSchema = z.object({ results: z.array(configResultSchema) });
export type ConfigSetResult = z.infer<typeof configSetResultSchema>;

/** `config_get`: the configs or sections to read (`/network`, `/network/lan`); none: all. */
export const configGetArgsSchema = z.object({
  paths: z
    .array(
      z
        .string()
        .max(255)
        .refine((path) => parseConfigPath(path) !== null, DEVICE_CONFIG_MESSAGES.badPath),
    )
    .max(CONFIG_REQUESTS_MAX)
    .default([]),
});
export type ConfigGetArgs = z.infer<typeof configGetArgsSchema>;

/** The part of a device's configuration that `paths` name (all of it when none). */
export const readConfig = (store: DeviceConfig, paths: readonly string[]): DeviceConfig => {
  if (paths.length === 0) return structuredClone(store);
  const out: DeviceConfig = {};
  for (const path of paths) {
    const parsed = parseConfigPath(path);
    const file = parsed ? store[parsed.config] : undefined;
    if (!parsed || !file) continue;
    const sections = parsed.section === undefined ? Object.keys(file) : [parsed.section];
    for (const name of sections) {
      const section = file[name];
      if (section) (out[parsed.config] ??= {})[name] = structuredClone(section);
    }
  }
  return out;
};

const refuse = (
  request: ConfigRequest,
  code: number,
  message: string,
  before: ConfigSection | null,
): ConfigResult => ({
  path: request.path,
  method: request.method,
  code,
  message,
  before,
  after: before,
});

/** Applies one request to `store` in place, checking values against the model's schema. */
const applyOne = (
  store: DeviceConfig,
  request: ConfigRequest,
  model: ConfigModel,
): ConfigResult => {
  const parsed = parseConfigPath(request.path);
  if (!parsed || parsed.section === undefined) {
    return refuse(request, 400, DEVICE_CONFIG_MESSAGES.badPath, null);
  }
  const file = store[parsed.config];
  if (!file) return refuse(request, 404, DEVICE_CONFIG_MESSAGES.noConfig(parsed.config), null);
  const existing = file[parsed.section] ?? null;
  const before = existing ? structuredClone(existing) : null;
  const data = request.request_data;
  const done = (code: number, after: ConfigSection | null): ConfigResult => ({
    path: request.path,
    method: request.method,
    code,
    before,
    after: after ? structuredClone(after) : null,
  });
  switch (request.method) {
    case 'get':
      return existing
        ? done(200, existing)
        : refuse(request, 404, DEVICE_CONFIG_MESSAGES.noSection(request.path), null);
    case 'delete':
      if (!existing)
        return refuse(request, 404, DEVICE_CONFIG_MESSAGES.noSection(request.path), null);
      store[parsed.config] = Object.fromEntries(
        Object.entries(file).filter(([name]) => name !== parsed.section),
      );
      return { ...done(200, null), position: Object.keys(file).indexOf(parsed.section) };
    case 'post':
    case 'put': {
      const creating = request.method === 'post';
      if (creating && existing) {
        return refuse(request, 400, DEVICE_CONFIG_MESSAGES.sectionExists(request.path), before);
      }
      if (!creating && !existing) {
        return refuse(request, 404, DEVICE_CONFIG_MESSAGES.noSection(request.path), null);
      }
      const requestedType = data[SECTION_TYPE_KEY];
      const type = creating ? requestedType : existing?.[SECTION_TYPE_KEY];
      if (typeof type !== 'string' || !type) {
        return refuse(request, 400, DEVICE_CONFIG_MESSAGES.typeRequired, before);
      }
      if (!creating && requestedType !== undefined && requestedType !== type) {
        return refuse(request, 400, DEVICE_CONFIG_MESSAGES.typeChange, before);
      }
      const options = Object.entries(data).filter(([key]) => key !== SECTION_TYPE_KEY);
      if (!creating && options.length === 0) {
        return refuse(request, 400, DEVICE_CONFIG_MESSAGES.nothingToSet, before);
      }
      const removed = new Set(options.filter(([, value]) => value === null).map(([key]) => key));
      const next: ConfigSection = Object.fromEntries(
        Object.entries(existing ?? { [SECTION_TYPE_KEY]: type }).filter(
          ([key]) => !removed.has(key),
        ),
      );
      for (const [option, value] of options) {
        if (value === null) continue;
        const problem = checkConfigOption(model, parsed.config, type, option, value);
        if (problem) return refuse(request, 400, `${option}: ${problem}`, before);
        next[option] = value;
      }
      if (creating && request.position !== undefined) {
        const sections = Object.entries(file);
        sections.splice(Math.min(request.position, sections.length), 0, [parsed.section, next]);
        store[parsed.config] = Object.fromEntries(sections);
      } else {
        file[parsed.section] = next;
      }
      return done(creating ? 201 : 200, next);
    }
  }
};

/**
 * Applies requests in order, all or nothing: on the first refusal the store is left as it was and
 * `ok` is false. The results always list every request up to and including the refused one.
 */
export const applyConfigRequests = (
  store: DeviceConfig,
  requests: readonly ConfigRequest[],
  model: ConfigModel,
): { ok: boolean; store: DeviceConfig; results: ConfigResult[] } => {
  const draft = structuredClone(store);
  const results: ConfigResult[] = [];
  for (const request of requests) {
    const result = applyOne(draft, request, model);
    results.push(result);
    if (result.code >= 400) return { ok: false, store, results };
  }
  return { ok: true, store: draft, results };
};

/** The configs a model starts with, empty: the device fills them with its defaults. */
export const emptyConfigOf = (model: ConfigModel): DeviceConfig =>
  Object.fromEntries(configsOfModel(model).map((config) => [config, {}]));

/** The shape of a stored configuration or a `config_get` answer; values are not schema-checked. */
export const deviceConfigSchema: z.ZodType<DeviceConfig> = z.record(
  z.string(),
  z.record(z.string(), z.record(z.string(), valueSchema)),
);

/** One option that differs between before and after a request. */
export interface ConfigChange {
  path: string;
  option: string;
  before: ConfigValue | null;
  after: ConfigValue | null;
}

const same = (a: ConfigValue | undefined, b: ConfigValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Option by option, what the results changed (a created or removed section lists every option). */
export const diffConfigResults = (results: readonly ConfigResult[]): ConfigChange[] =>
  results.flatMap((result) => {
    if (result.method === 'get') return [];
    const before = result.before ?? {};
    const after = result.after ?? {};
    const options = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return options
      .filter((option) => !same(before[option], after[option]))
      .map((option) => ({
        path: result.path,
        option,
        before: before[option] ?? null,
        after: after[option] ?? null,
      }));
  });

/**
 * The requests that undo applied results, newest first: a created section is deleted, a removed
 * one created again in its place, a changed one put back option by option (options it gained
 * removed).
 */
export const rollbackRequests = (results: readonly ConfigResult[]): ConfigRequest[] =>
  results
    .filter((result) => result.code < 400 && result.method !== 'get')
    .reverse()
    .flatMap((result): ConfigRequest[] => {
      const base = { path: result.path, content_type: 'application/json' };
      if (!result.before) return [{ ...base, method: 'delete', request_data: {} }];
      if (!result.after) {
        const place = result.position === undefined ? {} : { position: result.position };
        return [{ ...base, method: 'post', request_data: { ...result.before }, ...place }];
      }
      const data: Record<string, ConfigValue | null> = {};
      for (const option of Object.keys(result.after)) {
        if (option !== SECTION_TYPE_KEY && !(option in result.before)) data[option] = null;
      }
      for (const [option, value] of Object.entries(result.before)) {
        if (option !== SECTION_TYPE_KEY && !same(value, result.after[option])) data[option] = value;
      }
      return Object.keys(data).length ? [{ ...base, method: 'put', request_data: data }] : [];
    });
