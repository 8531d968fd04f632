import { useQuery } from '@tanstack/react-query';
import type { RolePermission } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { rolesKeys } from './keys';

/** GET /roles/{id}/permissions: the names of the permissions the role grants. */
export async function getRolePermissions(roleId: number, signal?: AbortSignal) {
  const response = await api.get<RolePermission[]>(`/roles/${roleId}/permissions`, { signal });
  return response.data.filter((permission) => permission.enabled).map(({ name }) => name);
}

export function useRolePermissions(roleId: number) {
  return useQuery({
    queryKey: rolesKeys.permissions(roleId),
    queryFn: ({ signal }) => getRolePermissions(roleId, signal),
  });
}
