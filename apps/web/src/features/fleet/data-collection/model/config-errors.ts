import type { Path, UseFormSetError } from 'react-hook-form';
import { applyServerErrors } from '@/components/form-errors';
import { isApiError } from '@/lib/api-client';
import type { ConfigFormInput } from './config-form';
import { inputPath, sourcePath } from './input-paths';

/** Whether the form shows the input: an endpoint, variable or parameter the form still has. */
function isShown(path: readonly (string | number)[], values: ConfigFormInput, company: boolean) {
  const [field, endpointIndex, list, itemIndex] = path;
  if (field === undefined) return false;
  if (field === 'company_id') return company;
  if (field !== 'data' || typeof endpointIndex !== 'number') return true;
  const endpoint = values.data[endpointIndex];
  if (!endpoint) return false;
  if (typeof itemIndex !== 'number') return true;
  if (list === 'variables') return itemIndex < endpoint.variables.length;
  return itemIndex < endpoint.query_parameters.length;
}

/**
 * Puts a failed save's messages under the inputs their `source` names (an endpoint's or a
 * variable's own input: the shared mapping drops the indexes, and with them the variable) and
 * returns the rest.
 */
export function applyConfigErrors(
  error: unknown,
  values: ConfigFormInput,
  setError: UseFormSetError<ConfigFormInput>,
  { company }: { company: boolean },
): string[] {
  if (!isApiError(error) || error.errors.length === 0)
    return applyServerErrors(error, [], setError);
  const others: string[] = [];
  for (const item of error.errors) {
    const path = item.source === null ? [] : inputPath(sourcePath(item.source));
    if (isShown(path, values, company)) {
      setError(path.join('.') as Path<ConfigFormInput>, { type: 'server', message: item.message });
    } else {
      others.push(item.message);
    }
  }
  return others;
}
