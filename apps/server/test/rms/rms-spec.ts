import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** The published RMS API v3 definition, kept in the repository so a fresh clone can test against it. */
export const RMS_SPEC_PATH = fileURLToPath(
  new URL('../../../../docs/rms/rms-openapi-v3.yaml', import.meta.url),
);

export type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

export interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
  required?: boolean;
}

export interface Operation {
  /** `GET /devices/{}`: method and path with the parameter names and trailing slash dropped. */
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | null;
  /** The success answer (the first 2xx with a JSON body) and its status code. */
  success: { status: number; schema: Schema } | null;
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export const loadRmsSpec = (): OpenApiDoc =>
  parse(readFileSync(RMS_SPEC_PATH, 'utf8')) as OpenApiDoc;

export const operationKey = (method: string, path: string): string =>
  `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}').replace(/(.)\/$/, '$1')}`;

/** Follows `#/components/...` references until a schema (or parameter, body) is reached. */
export const resolve = <T>(doc: OpenApiDoc, node: T): T => {
  let current = node as { $ref?: string };
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 20; hops += 1) {
    const parts = current.$ref.replace(/^#\//, '').split('/');
    current = parts.reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], doc) as {
      $ref?: string;
    };
  }
  return current as T;
};

const jsonBody = (doc: OpenApiDoc, requestBody: unknown): Schema | null => {
  if (!requestBody) return null;
  const body = resolve(doc, requestBody as { content?: Record<string, { schema?: Schema }> });
  const content = body.content ?? {};
  const media = content['application/json'] ?? content['multipart/form-data'];
  return media?.schema ? resolve(doc, media.schema) : null;
};

const successOf = (doc: OpenApiDoc, responses: Record<string, unknown> = {}) => {
  for (const status of Object.keys(responses).sort()) {
    if (!/^2\d\d$/.test(status)) continue;
    const response = resolve(
      doc,
      responses[status] as { content?: Record<string, { schema?: Schema }> },
    );
    const schema = response.content?.['application/json']?.schema;
    if (schema) return { status: Number(status), schema: resolve(doc, schema) };
  }
  return null;
};

/** Every operation of a document, with `prefix` (our `/api`) taken off its paths. */
export const operationsOf = (doc: OpenApiDoc, prefix = ''): Map<string, Operation> => {
  const out = new Map<string, Operation>();
  for (const [rawPath, item] of Object.entries(doc.paths)) {
    if (!rawPath.startsWith(prefix)) continue;
    const path = rawPath.slice(prefix.length) || '/';
    const shared = (item.parameters as Parameter[] | undefined) ?? [];
    for (const method of METHODS) {
      const op = item[method] as
        | { parameters?: Parameter[]; requestBody?: unknown; responses?: Record<string, unknown> }
        | undefined;
      if (!op) continue;
      const parameters = [...shared, ...(op.parameters ?? [])].map((p) => resolve(doc, p));
      out.set(operationKey(method, path), {
        key: operationKey(method, path),
        method: method.toUpperCase(),
        path,
        parameters,
        body: jsonBody(doc, op.requestBody),
        success: successOf(doc, op.responses),
      });
    }
  }
  return out;
};
