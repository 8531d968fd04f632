import type { Role, UpdateRoleBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';

/** PUT /roles/{id}: `permission_id` replaces the role's whole set. */
export function updateRole(id: number, body: UpdateRoleBody) {
  return api.put<Role>(`/roles/${id}`, { body });
}
