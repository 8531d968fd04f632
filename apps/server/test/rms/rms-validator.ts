import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { OpenApiDoc, Schema } from './rms-spec';

/**
 * RMS's definition made checkable by ajv, with two allowances netfleet takes on purpose: any field
 * may be null (a value netfleet does not know yet), and objects may carry extra fields (additions
 * the console needs). Everything else (field types, enum values, required fields) stays as RMS wrote it.
 */
const RMS_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';

const relax = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(relax);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === 'example' || key === 'nullable' || key === 'additionalProperties') continue;
    out[key] = key === 'properties' ? mapValues(value, relax) : relax(value);
  }
  // RMS gives its date format as a PHP format string in `pattern`; check what it means.
  if (out.pattern === 'Y-m-d H:i:s') out.pattern = RMS_DATE_PATTERN;
  if (typeof out.type === 'string') {
    // RMS writes some nullable types as `integer|null`.
    out.type = [...new Set([...out.type.split('|'), 'null'])];
  }
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
};

const mapValues = (value: unknown, fn: (v: unknown) => unknown) =>
  Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, fn(v)]));

export interface RmsValidator {
  /** Null when the answer fits the schema, else ajv's first few complaints. */
  check(schema: Schema, body: unknown): string | null;
}

export const createRmsValidator = (rms: OpenApiDoc): RmsValidator => {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ components: relax(rms.components) } as object, 'rms');
  const compiled = new Map<Schema, ValidateFunction>();
  const describe = (errors: ErrorObject[]) =>
    errors
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
      .join('; ');
  return {
    check(schema, body) {
      let validate = compiled.get(schema);
      if (!validate) {
        // The schema's own references point into components: at the registered, relaxed copy.
        const local = JSON.stringify(relax(schema)).replaceAll('"#/', '"rms#/');
        validate = ajv.compile(JSON.parse(local) as object);
        compiled.set(schema, validate);
      }
      return validate(body) ? null : describe(validate.errors ?? []);
    },
  };
};
