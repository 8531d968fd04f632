import { Ajv } from 'ajv';
import { type OpenApiDoc, type Operation, type Parameter, resolve, type Schema } from './rms-spec';
import { enumOf, fieldsOf, type TypeName, typesOf, variantsOf } from './schema-fields';

/** RMS states its date format in PHP's notation; netfleet declares it as the regex below. */
const RMS_DATE_FORMAT = 'Y-m-d H:i:s';
export const RMS_DATE_REGEX = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';

export type Part = 'query' | 'body' | 'response';

export interface Difference {
  part: Part;
  field: string;
  reason: string;
}

export interface OperationReport {
  key: string;
  counts: Record<Part, { total: number; matched: number }>;
  differences: Difference[];
}

/** Querystrings arrive as text: validate samples the way Fastify coerces them. */
const ajv = new Ajv({
  strict: false,
  coerceTypes: 'array',
  allErrors: false,
  validateFormats: false,
});

/** A value of RMS's type that a client would send (enum values, the example, or a plain one). */
const querySamples = (rms: OpenApiDoc, param: Parameter): unknown[] => {
  const schema = resolve(rms, param.schema ?? {});
  if (schema.enum?.length) return schema.enum.filter((v) => v !== null);
  const example = (param as { example?: unknown }).example ?? schema.example;
  // Some date parameters give RMS's date format itself as their example: no client sends that,
  // so they are sampled as the dates below instead.
  const usable = example !== RMS_DATE_FORMAT && typeof example !== 'object';
  if (example !== undefined && example !== null && usable) return [example];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'array') {
    const items = resolve(rms, schema.items ?? {});
    return [items.enum?.length ? items.enum.join(',') : '1,2'];
  }
  if (type === 'boolean') return [true, false];
  if (type === 'integer') return [1];
  if (type === 'number') return [1.5];
  if (/date/.test(param.name)) return ['2024-01-01 00:00:00'];
  return ['1'];
};

const stripId = (schema: Schema): Schema => {
  const { $id: _id, ...rest } = schema as Schema & { $id?: string };
  return rest;
};

const compareQuery = (rms: OpenApiDoc, ours: OpenApiDoc, r: Operation, o: Operation) => {
  const differences: Difference[] = [];
  const rmsParams = r.parameters.filter((p) => p.in === 'query');
  for (const param of rmsParams) {
    const ourParam = o.parameters.find((p) => p.in === 'query' && p.name === param.name);
    if (!ourParam) {
      differences.push({ part: 'query', field: param.name, reason: 'not accepted' });
      continue;
    }
    const validate = ajv.compile(stripId(resolve(ours, ourParam.schema ?? {})));
    const refused = querySamples(rms, param).filter((sample) => !validate(String(sample)));
    if (refused.length) {
      differences.push({
        part: 'query',
        field: param.name,
        reason: `refuses ${refused.map((v) => JSON.stringify(v)).join(', ')}`,
      });
    }
  }
  return { total: rmsParams.length, differences };
};

/** Types that `from` produces and `to` does not accept (an integer is a number). */
const typesOutside = (from: Set<TypeName>, to: Set<TypeName>): TypeName[] =>
  [...from].filter((t) => !to.has(t) && !(t === 'integer' && to.has('number')));

/**
 * A field's enum over its variants: when every variant (each branch of a union, e.g. one per
 * automation action) declares one, all their values; else the first declared, as before.
 */
const enumAcross = (doc: OpenApiDoc, variants: Schema[]): Set<unknown> | null => {
  const sets = variants.map((v) => enumOf(doc, v));
  if (sets.some((set) => !set)) return sets.find(Boolean) ?? null;
  return new Set(sets.flatMap((set) => [...(set ?? [])]));
};

const describe = (types: Set<TypeName>) => [...types].sort().join('|') || 'untyped';

/** The item schema of an answer's `data` when it is a list, else null. */
const listItemsOf = (doc: OpenApiDoc, schema: Schema): Schema | null => {
  const data = resolve(doc, schema).properties?.data;
  const items = data ? resolve(doc, data).items : undefined;
  return items ? resolve(doc, items) : null;
};

/**
 * Body fields: netfleet must accept every type and enum value RMS allows. Response fields: every
 * type and enum value netfleet answers must be one RMS allows, null standing for "not known yet".
 */
const compareFields = (
  part: 'body' | 'response',
  rms: OpenApiDoc,
  ours: OpenApiDoc,
  rmsSchema: Schema | null,
  ourSchema: Schema | null,
) => {
  const differences: Difference[] = [];
  if (!rmsSchema) return { total: 0, differences };
  const rmsFields = fieldsOf(rms, rmsSchema);
  const ourFields = ourSchema ? fieldsOf(ours, ourSchema) : new Map<string, Schema[]>();
  // A map in netfleet (an object of any keys) holds data keyed by value; the keys RMS lists
  // under it are its examples (`data.temperature.20`), not fields.
  // A list of maps too (`data[]` of GET /devices/{id}/wireless/graph: one map per interface).
  const isMap = (schema: Schema): boolean => {
    const resolved = resolve(ours, schema);
    if (resolved.items) return isMap(resolved.items);
    return !resolved.properties && Boolean(resolved.additionalProperties);
  };
  // A list whose items have no properties is kept under its own name (`data`), not `data[]`.
  const ourField = (key: string) =>
    ourFields.get(key) ?? (key.endsWith('[]') ? ourFields.get(key.slice(0, -2)) : undefined);
  const underMap = (field: string) =>
    field
      .split('.')
      .slice(0, -1)
      .some((_, i, parts) => (ourField(parts.slice(0, i + 1).join('.')) ?? []).some(isMap));
  // RMS declares some lists' `data` as one object (GET /automations): netfleet answers the list,
  // whose items are compared with RMS's object (at the same depth), and the shape is one
  // difference of its own.
  const listItems = ourSchema ? listItemsOf(ours, ourSchema) : null;
  const itemFields = listItems
    ? fieldsOf(ours, listItems, 'data', new Map(), 1)
    : new Map<string, Schema[]>();
  let answeredAsList = false;
  for (const [field, rmsVariants] of rmsFields) {
    const asItem = !ourFields.has(field) && itemFields.has(field);
    if (asItem && !answeredAsList) {
      answeredAsList = true;
      differences.push({
        part,
        field: 'data',
        reason: 'RMS declares one object; netfleet answers a list of them',
      });
    }
    const ourVariants = (asItem ? itemFields : ourFields).get(field);
    if (!ourVariants && underMap(field)) continue;
    if (!ourVariants) {
      differences.push({ part, field, reason: 'missing' });
      continue;
    }
    const union = (doc: OpenApiDoc, variants: Schema[]) =>
      new Set(variants.flatMap((v) => [...typesOf(doc, v)]));
    const rmsTypes = union(rms, rmsVariants);
    const ourTypes = union(ours, ourVariants);
    const [from, to] = part === 'body' ? [rmsTypes, ourTypes] : [ourTypes, rmsTypes];
    if (part === 'response') to.add('null');
    else from.delete('null');
    const outside = typesOutside(from, to);
    if (outside.length) {
      differences.push({
        part,
        field,
        reason: `RMS ${describe(rmsTypes)}, netfleet ${describe(ourTypes)}`,
      });
      continue;
    }
    if (
      process.env.RMS_CHECK_DATES &&
      part === 'response' &&
      rmsVariants.some((v) => v.pattern === RMS_DATE_FORMAT)
    ) {
      if (!ourVariants.some((v) => variantsOf(ours, v).some((x) => x.pattern === RMS_DATE_REGEX))) {
        differences.push({ part, field, reason: 'not a YYYY-MM-DD HH:mm:ss date' });
        continue;
      }
    }
    const rmsEnum = enumAcross(rms, rmsVariants);
    const ourEnum = enumAcross(ours, ourVariants);
    const [narrow, wide] = part === 'body' ? [rmsEnum, ourEnum] : [ourEnum, rmsEnum];
    if (!wide) continue;
    if (!narrow) {
      if (part === 'response') differences.push({ part, field, reason: 'no enum declared' });
      continue;
    }
    const extra = [...narrow].filter((v) => v !== null && !wide.has(v));
    if (extra.length) {
      differences.push({ part, field, reason: `enum values ${extra.join(', ')} not in the other` });
    }
  }
  return { total: rmsFields.size, differences };
};

export const compareOperation = (
  rms: OpenApiDoc,
  ours: OpenApiDoc,
  r: Operation,
  o: Operation,
): OperationReport => {
  const query = compareQuery(rms, ours, r, o);
  const body = compareFields('body', rms, ours, r.body, o.body);
  const response = compareFields(
    'response',
    rms,
    ours,
    r.success?.schema ?? null,
    o.success?.schema ?? null,
  );
  const differences = [...query.differences, ...body.differences, ...response.differences];
  const count = (part: Part, total: number) => ({
    total,
    matched: total - differences.filter((d) => d.part === part).length,
  });
  if (r.success && o.success && r.success.status !== o.success.status) {
    differences.push({
      part: 'response',
      field: '(status)',
      reason: `RMS answers ${r.success.status}, netfleet ${o.success.status}`,
    });
  }
  return {
    key: r.key,
    counts: {
      query: count('query', query.total),
      body: count('body', body.total),
      response: count('response', response.total),
    },
    differences,
  };
};
