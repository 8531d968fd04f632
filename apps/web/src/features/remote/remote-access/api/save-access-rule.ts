import type { AccessRuleInput } from '@netfleet/contracts';
import { api, type ApiResponse } from '@/lib/api-client';
import { ACCESS_RULES_PATH } from './keys';

/** POST /devices/remote-access takes a list of rules: the dialog sends one. */
export function createAccessRule(input: AccessRuleInput): Promise<ApiResponse<unknown>> {
  return api.post<unknown>(ACCESS_RULES_PATH, { body: { data: [input] } });
}

/** PUT /devices/remote-access/{id}: the fields the dialog edits (updateAccessRuleBodySchema). */
export function updateAccessRule(
  id: number,
  input: AccessRuleInput,
): Promise<ApiResponse<unknown>> {
  return api.put<unknown>(`${ACCESS_RULES_PATH}/${id}`, { body: input });
}
