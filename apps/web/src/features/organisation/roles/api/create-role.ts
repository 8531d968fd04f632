import type { CreateRoleBody, Role } from '@netfleet/contracts';
import { api } from '@/lib/api-client';

/** POST /roles; the role dialog sends it through the form submit pipeline. */
export function createRole(body: CreateRoleBody) {
  return api.post<Role>('/roles', { body });
}
