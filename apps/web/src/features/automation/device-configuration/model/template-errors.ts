import type { Path, UseFormSetError } from 'react-hook-form';
import { SECTION_TYPE_KEY } from '@netfleet/contracts';
import { applyServerErrors } from '@/components/form-errors';
import { ApiError, isApiError } from '@/lib/api-client';
import type { RequestFormValue, TemplateFormInput } from './template-form';

const TEMPLATE_FIELDS = [
  'company_id',
  'name',
  'version',
  'device_model',
  'firmware',
  'min_firmware',
  'max_firmware',
  'template',
] as const satisfies readonly Path<TemplateFormInput>[];

// 'template.2.request_data.dns.1': the request's index, its field, then an option (an entry of a
// list option dropped).
const REQUEST_SOURCE = /^template\.(\d+)(?:\.([a-z_]+)(?:\.(.+?)(?:\.\d+)?)?)?$/;

/** The input a request error belongs to: the option it names, else the request's own inputs. */
function requestField(
  source: string | null,
  requests: readonly RequestFormValue[],
): Path<TemplateFormInput> | null {
  const match = source === null ? null : REQUEST_SOURCE.exec(source);
  if (!match) return null;
  const index = Number(match[1]);
  const request = requests[index];
  if (!request) return null;
  const [, , field, key] = match;
  if (field === 'method') return `template.${index}.method`;
  if (field !== 'request_data') return `template.${index}.path`;
  if (key === undefined) return `template.${index}.options`;
  if (key === SECTION_TYPE_KEY) return `template.${index}.type`;
  const option = request.options.findIndex((candidate) => candidate.key.trim() === key);
  return option < 0 ? `template.${index}.options` : `template.${index}.options.${option}.value`;
}

/**
 * Puts a failed save's messages under their inputs: a request's under that request's input (the
 * shared mapping drops the index, and with it the request), the template's under its fields.
 * Returns the rest.
 */
export function applyTemplateErrors(
  error: unknown,
  requests: readonly RequestFormValue[],
  setError: UseFormSetError<TemplateFormInput>,
): string[] {
  if (!isApiError(error)) return applyServerErrors(error, TEMPLATE_FIELDS, setError);
  const rest = error.errors.filter((item) => {
    const field = requestField(item.source, requests);
    if (field) setError(field, { type: 'server', message: item.message });
    return field === null;
  });
  if (rest.length === error.errors.length)
    return applyServerErrors(error, TEMPLATE_FIELDS, setError);
  if (rest.length === 0) return [];
  const others = new ApiError(error.status, error.statusText, rest);
  return applyServerErrors(others, TEMPLATE_FIELDS, setError);
}
