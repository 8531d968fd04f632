import type { Rng } from './prng';

/** The JSON Schema subset @fastify/swagger emits from the routes' zod schemas (no $refs). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
}

const FORMATS: Record<string, () => string> = {
  email: () => 'fuzz.user@example.test',
  'date-time': () => '2030-01-02T03:04:05.000Z',
  date: () => '2030-01-02',
  uri: () => 'https://example.test/fuzz',
  uuid: () => '00000000-0000-4000-8000-000000000001',
  binary: () => 'fuzz-bytes',
};

const sampleString = (schema: JsonSchema, rng: Rng): string => {
  const format = schema.format && FORMATS[schema.format];
  if (format) return format();
  const min = schema.minLength ?? 1;
  const max = Math.max(min, Math.min(schema.maxLength ?? 12, 24));
  // Patterns are not generated from: a lowercase word fits most (names, sort keys, MACs fail).
  const length = rng.int(min, max);
  let text = '';
  while (text.length < length) text += rng.pick(['fuzz', 'a', 'id', '1', 'name', '_x']);
  return text.slice(0, Math.max(length, min));
};

const sampleNumber = (schema: JsonSchema, rng: Rng, integer: boolean): number => {
  const low = Math.max(schema.minimum ?? schema.exclusiveMinimum ?? 1, -1000);
  const high = Math.min(schema.maximum ?? schema.exclusiveMaximum ?? 50, 1000, Math.max(low, 50));
  const value = low + rng.next() * (high - low);
  return integer ? Math.min(Math.max(Math.round(value), Math.ceil(low)), Math.floor(high)) : value;
};

const typeOf = (schema: JsonSchema, rng: Rng): string | undefined => {
  if (Array.isArray(schema.type)) {
    const nonNull = schema.type.filter((t) => t !== 'null');
    return rng.pick(nonNull.length ? nonNull : schema.type);
  }
  return schema.type;
};

/** A valid-looking value for `schema`: the baseline each case then breaks in one place. */
export const sampleValue = (schema: JsonSchema | undefined, rng: Rng, depth = 0): unknown => {
  if (!schema) return 'fuzz';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return rng.pick(schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) {
    const nonNull = options.filter((o) => o.type !== 'null');
    return sampleValue(rng.pick(nonNull.length ? nonNull : options), rng, depth);
  }
  if (schema.allOf?.length) return sampleValue(schema.allOf[0], rng, depth);
  switch (typeOf(schema, rng)) {
    case 'string':
      return sampleString(schema, rng);
    case 'integer':
      return sampleNumber(schema, rng, true);
    case 'number':
      return sampleNumber(schema, rng, false);
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      if (depth > 6) return [];
      if (schema.prefixItems) return schema.prefixItems.map((s) => sampleValue(s, rng, depth + 1));
      const count = rng.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3));
      return Array.from({ length: Math.max(count, schema.minItems ?? 0) }, () =>
        sampleValue(schema.items, rng, depth + 1),
      );
    }
    case 'object':
      return sampleObject(schema, rng, depth);
    default:
      return schema.properties ? sampleObject(schema, rng, depth) : 'fuzz';
  }
};

const sampleObject = (schema: JsonSchema, rng: Rng, depth: number) => {
  const out: Record<string, unknown> = {};
  if (depth > 6) return out;
  const required = new Set(schema.required ?? []);
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (required.has(key) || rng.chance(0.6)) out[key] = sampleValue(property, rng, depth + 1);
  }
  return out;
};

/** Every path to a value inside `value` (object keys and array indexes), the root excluded. */
export const pathsOf = (
  value: unknown,
  prefix: (string | number)[] = [],
): (string | number)[][] => {
  if (value === null || typeof value !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  return entries.flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
};

/** A copy of `value` with the value at `path` replaced (or deleted when `replacement` is DELETE). */
export const DELETE = Symbol('delete');
export const replaceAt = (value: unknown, path: (string | number)[], replacement: unknown) => {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (replacement === DELETE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else Reflect.deleteProperty(node, last);
  } else node[last] = replacement;
  return copy;
};
