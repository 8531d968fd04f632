// Spec §7 "Generic submit": any method (POST by default), the form's payload, an optional base
// URL; uploads go as multipart/form-data with indexed array keys (`tags[0]`, `rows[1][name]`).
import type { MfaResponse } from '@/components/form-submit';
import { request, type ApiResponse, type Query } from '@/lib/api-client';
import type { FormDefinition, FormValues } from './types';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Blob) &&
  !(value instanceof Date);

function appendValue(data: FormData, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (value instanceof Blob) data.append(key, value);
  else if (value instanceof Date) data.append(key, value.toISOString());
  else if (Array.isArray(value))
    value.forEach((item, i) => appendValue(data, `${key}[${i}]`, item));
  else if (isPlainObject(value)) {
    for (const [name, item] of Object.entries(value)) appendValue(data, `${key}[${name}]`, item);
  } else data.append(key, String(value)); // booleans as 'true' / 'false'
}

export function toFormData(values: Record<string, unknown>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) appendValue(data, key, value);
  return data;
}

export function formUrl(definition: FormDefinition, values: FormValues, id?: string): string {
  return typeof definition.url === 'function' ? definition.url(values, id) : definition.url;
}

/** The request body: transformed values plus any MFA session data, encoded as the form asks. */
export function formBody(
  definition: FormDefinition,
  values: FormValues,
  mfa?: MfaResponse,
): unknown {
  const transformed = definition.transform ? definition.transform(values) : values;
  const body = mfa && isPlainObject(transformed) ? { ...transformed, ...mfa } : transformed;
  return definition.multipart && isPlainObject(body) ? toFormData(body) : body;
}

export function sendForm(
  definition: FormDefinition,
  values: FormValues,
  id?: string,
  mfa?: MfaResponse,
): Promise<ApiResponse<unknown>> {
  const method = definition.method ?? 'POST';
  const body = formBody(definition, values, mfa);
  const url = formUrl(definition, values, id);
  const base = definition.base === undefined ? {} : { base: definition.base };
  // A GET carries no body: its values travel in the query string.
  if (method === 'GET') return request(method, url, { ...base, query: body as Query });
  return request(method, url, { ...base, body });
}
