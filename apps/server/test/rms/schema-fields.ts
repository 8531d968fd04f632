import { type OpenApiDoc, resolve, type Schema } from './rms-spec';

/** A JSON type name, with `null` for nullable fields. */
export type TypeName = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';

const typeOfValue = (value: unknown): TypeName => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as TypeName;
};

/** Every schema an `allOf`/`anyOf`/`oneOf` stands for, references followed. */
export const variantsOf = (doc: OpenApiDoc, node: Schema): Schema[] => {
  const schema = resolve(doc, node);
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (!nested.length) return [schema];
  const own = { ...schema, anyOf: undefined, oneOf: undefined, allOf: undefined };
  return [own, ...nested.flatMap((variant) => variantsOf(doc, variant))];
};

/** The types a value of this schema may have (empty when the schema says nothing). */
export const typesOf = (doc: OpenApiDoc, node: Schema): Set<TypeName> => {
  const out = new Set<TypeName>();
  for (const schema of variantsOf(doc, node)) {
    const declared = schema.type;
    // RMS writes some nullable types as `integer|null`, and some booleans as `bool`.
    const names = (typeof declared === 'string' ? declared.split('|') : declared)?.map((t) =>
      t === 'bool' ? 'boolean' : t,
    );
    if (Array.isArray(names)) names.forEach((t) => out.add(t as TypeName));
    else if (schema.enum) schema.enum.forEach((v) => out.add(typeOfValue(v)));
    else if ('const' in schema) out.add(typeOfValue(schema.const));
    else if (schema.properties) out.add('object');
    if (schema.nullable) out.add('null');
  }
  return out;
};

/** The enum values a schema restricts itself to, or null when it takes any value of its type. */
export const enumOf = (doc: OpenApiDoc, node: Schema): Set<unknown> | null => {
  const values = new Set<unknown>();
  for (const schema of variantsOf(doc, node)) {
    const declared = schema.type;
    const onlyNull =
      declared === 'null' || (Array.isArray(declared) && declared.every((t) => t === 'null'));
    if (schema.enum) schema.enum.forEach((v) => values.add(v));
    else if ('const' in schema) values.add(schema.const);
    else if (onlyNull) values.add(null);
    else if (declared || schema.properties || schema.items) return null;
  }
  return values.size ? values : null;
};

/**
 * The leaf fields of a schema by path: `data[].tags[].name`. Objects without declared properties
 * and arrays of scalars are leaves themselves.
 */
export const fieldsOf = (
  doc: OpenApiDoc,
  node: Schema,
  prefix = '',
  out = new Map<string, Schema[]>(),
  depth = 0,
): Map<string, Schema[]> => {
  const variants = variantsOf(doc, node);
  const add = (schema: Schema) => out.set(prefix, [...(out.get(prefix) ?? []), schema]);
  for (const schema of variants) {
    const join = (name: string) => (prefix ? `${prefix}.${name}` : name);
    if (schema.properties && depth < 8) {
      for (const [name, child] of Object.entries(schema.properties)) {
        fieldsOf(doc, child, join(name), out, depth + 1);
      }
    } else if (schema.items && depth < 8) {
      const items = resolve(doc, schema.items);
      const itemVariants = variantsOf(doc, items);
      if (itemVariants.some((v) => v.properties))
        fieldsOf(doc, items, `${prefix}[]`, out, depth + 1);
      else if (prefix) add(schema);
    } else if (prefix && (schema.type || schema.enum || 'const' in schema || schema.nullable)) {
      add(schema);
    }
  }
  return out;
};
