import type { JsonSchema } from './schema-sample';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  /** `POST /api/devices/{id}`: how failures and counts name it. */
  key: string;
  method: string;
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: { contentType: string; schema: JsonSchema; required: boolean } | null;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);

/** Every operation of the document, sorted by key so shards split them the same way each run. */
export const operationsOf = (document: OpenApiDocument): Operation[] => {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = Object.entries(operation.requestBody?.content ?? {});
      const [contentType, media] = content[0] ?? [];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: contentType
          ? {
              contentType,
              schema: media?.schema ?? {},
              required: operation.requestBody?.required ?? false,
            }
          : null,
      });
    }
  }
  return operations.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
};

/** The operations shard `index` of `count` fuzzes: every operation lands in exactly one. */
export const shardOf = (operations: Operation[], index: number, count: number) =>
  operations.filter((_, position) => position % count === index);
