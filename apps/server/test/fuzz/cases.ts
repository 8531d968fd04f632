import { deepJsonText, HOSTILE_IDS, hostileText, hostileValue, toJsonText } from './hostile';
import type { Operation, Parameter } from './operations';
import type { Rng } from './prng';
import { DELETE, pathsOf, replaceAt, sampleValue } from './schema-sample';
import { bodyGarbage, multipartCase, octetCase } from './bodies';

export interface FuzzCase {
  /** What was broken, for the failure report. */
  mutation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** encodeURIComponent (or encodeURI), but a lone surrogate becomes the invalid UTF-8 it would be. */
export const encodeLoose = (
  text: string,
  encode: (text: string) => string = encodeURIComponent,
): string => {
  try {
    return encode(text);
  } catch {
    return [...text]
      .map((ch) => {
        try {
          return encode(ch);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
};

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === null ? 'null' : JSON.stringify(value);

type Query = [string, string][];

const baselineQuery = (params: Parameter[], rng: Rng): Query => {
  const query: Query = [];
  for (const param of params) {
    if (!param.required && !rng.chance(0.3)) continue;
    const value = sampleValue(param.schema, rng);
    for (const item of Array.isArray(value) ? value : [value])
      query.push([param.name, asText(item)]);
  }
  return query;
};

const urlOf = (operation: Operation, pathValues: Record<string, string>, query: Query) => {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => pathValues[name] ?? '1');
  const search = query.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`).join('&');
  return search ? `${path}?${search}` : path;
};

const JSON_BODY = 'application/json';

type Mutation = (c: Draft, rng: Rng) => string;

interface Draft {
  operation: Operation;
  pathValues: Record<string, string>;
  query: Query;
  body: unknown;
  /** Set when a mutation replaced the whole payload (garbage, multipart, raw bytes). */
  payload?: { contentType: string | null; data: string | Buffer };
}

const mutatePath: Mutation = (draft, rng) => {
  const param = rng.pick(draft.operation.pathParams);
  const hostile = rng.chance(0.7) ? rng.pick(HOSTILE_IDS) : hostileText(rng);
  // Mostly encoded; sometimes raw (slashes and dots left for the router to see).
  draft.pathValues[param.name] = rng.chance(0.75)
    ? encodeLoose(hostile)
    : encodeLoose(hostile, encodeURI);
  return `path ${param.name}=${JSON.stringify(hostile).slice(0, 80)}`;
};

const mutateQueryValue: Mutation = (draft, rng) => {
  const param = rng.pick(draft.operation.queryParams);
  const value = hostileText(rng);
  draft.query = draft.query.filter(([k]) => k !== param.name);
  draft.query.push([param.name, value]);
  return `query ${param.name}=${JSON.stringify(value).slice(0, 80)}`;
};

const repeatQuery: Mutation = (draft, rng) => {
  const param = rng.pick(draft.operation.queryParams);
  const values = [asText(sampleValue(param.schema, rng)), hostileText(rng), '1'];
  for (const value of values.slice(0, rng.int(2, 3))) draft.query.push([param.name, value]);
  return `query ${param.name} repeated`;
};

const extraQuery: Mutation = (draft, rng) => {
  const name = rng.pick(['__proto__', 'constructor', 'a[b]', 'limit[]', 'x', '\0', 'q.q']);
  draft.query.push([name, hostileText(rng)]);
  return `query extra ${JSON.stringify(name)}`;
};

const mutateBodyField: Mutation = (draft, rng) => {
  const paths = pathsOf(draft.body);
  if (paths.length === 0) return mutateWholeBody(draft, rng);
  const path = rng.pick(paths);
  const value = hostileValue(rng);
  draft.body = replaceAt(draft.body, path, value);
  const shown =
    typeof value === 'string' ? value.slice(0, 60) : JSON.stringify(value)?.slice(0, 60);
  return `body ${path.join('.')}=${JSON.stringify(shown)}`;
};

const dropBodyField: Mutation = (draft, rng) => {
  const paths = pathsOf(draft.body);
  if (paths.length === 0) return mutateWholeBody(draft, rng);
  const path = rng.pick(paths);
  draft.body = replaceAt(draft.body, path, DELETE);
  return `body ${path.join('.')} missing`;
};

const extraBodyField: Mutation = (draft, rng) => {
  const name = rng.pick(['extra', '__proto__', 'constructor', 'id', 'company_id', 'role_id']);
  const body = draft.body && typeof draft.body === 'object' ? draft.body : {};
  draft.body = { ...(body as object), [name]: hostileValue(rng) };
  return `body extra ${name}`;
};

const deepBody: Mutation = (draft, rng) => {
  const depth = rng.pick([100, 5000, 50_000]);
  draft.payload = { contentType: JSON_BODY, data: deepJsonText(depth) };
  return `body nested ${depth} deep`;
};

const mutateWholeBody: Mutation = (draft, rng) => {
  const garbage = bodyGarbage(draft.body, rng);
  draft.payload = { contentType: garbage.contentType, data: garbage.data };
  return garbage.label;
};

const mutateMultipart: Mutation = (draft, rng) => {
  const built = multipartCase(draft.operation.body?.schema ?? {}, rng);
  draft.payload = { contentType: built.contentType, data: built.data };
  return built.label;
};

const mutateOctets: Mutation = (draft, rng) => {
  const built = octetCase(draft.operation.body?.contentType ?? 'application/octet-stream', rng);
  draft.payload = { contentType: built.contentType, data: built.data };
  return built.label;
};

const mutationsFor = (operation: Operation): Mutation[] => {
  const list: Mutation[] = [() => 'baseline', mutateWholeBody, deepBody];
  if (operation.pathParams.length) list.push(mutatePath, mutatePath, mutatePath);
  if (operation.queryParams.length) list.push(mutateQueryValue, mutateQueryValue, repeatQuery);
  list.push(extraQuery);
  const type = operation.body?.contentType;
  if (type === JSON_BODY)
    list.push(mutateBodyField, mutateBodyField, mutateBodyField, dropBodyField, extraBodyField);
  else if (type?.startsWith('multipart/'))
    list.push(mutateMultipart, mutateMultipart, mutateMultipart, mutateMultipart);
  else if (type) list.push(mutateOctets, mutateOctets, mutateOctets);
  return list;
};

/** One case: a valid-looking request built from the schemas, broken in one place. */
export const buildCase = (operation: Operation, rng: Rng): FuzzCase => {
  const pathValues: Record<string, string> = {};
  for (const param of operation.pathParams)
    pathValues[param.name] = encodeLoose(asText(sampleValue(param.schema, rng)));
  const draft: Draft = {
    operation,
    pathValues,
    query: baselineQuery(operation.queryParams, rng),
    body:
      operation.body?.contentType === JSON_BODY
        ? sampleValue(operation.body.schema, rng)
        : undefined,
  };
  const mutation = rng.pick(mutationsFor(operation))(draft, rng);
  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;
  if (draft.payload) {
    if (draft.payload.contentType) headers['content-type'] = draft.payload.contentType;
    payload = draft.payload.data;
  } else if (draft.body !== undefined) {
    headers['content-type'] = JSON_BODY;
    payload = toJsonText(draft.body);
  } else if (operation.body && !operation.body.contentType.startsWith('application/json')) {
    // The baseline of a multipart or binary operation is a well-formed one.
    const built = operation.body.contentType.startsWith('multipart/')
      ? multipartCase(operation.body.schema, rng, true)
      : octetCase(operation.body.contentType, rng, true);
    headers['content-type'] = built.contentType ?? '';
    payload = built.data;
  }
  return {
    mutation,
    method: operation.method,
    url: urlOf(operation, draft.pathValues, draft.query),
    headers,
    ...(payload !== undefined ? { payload } : {}),
  };
};
