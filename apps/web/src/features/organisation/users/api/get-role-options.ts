import { useQuery } from '@tanstack/react-query';
import { LIST_MAX_LIMIT, truncateRoleName, type Role } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { usersKeys } from './keys';

export interface FilterOption {
  value: string;
  label: string;
}

/** A custom role's title can repeat across companies: its company tells them apart. */
const roleLabel = (role: Role): string => {
  const title = truncateRoleName(role.title);
  return role.company_name ? `${title} (${role.company_name})` : title;
};

/** Every role the caller sees, as role-filter options valued by id (the filter accepts ids). */
export async function getRoleOptions(signal?: AbortSignal): Promise<FilterOption[]> {
  const response = await api.get<Role[]>('/roles', { query: { limit: LIST_MAX_LIMIT }, signal });
  return response.data.map((role) => ({ value: String(role.id), label: roleLabel(role) }));
}

export function useRoleOptions(enabled: boolean) {
  return useQuery({
    queryKey: usersKeys.roleOptions(),
    queryFn: ({ signal }) => getRoleOptions(signal),
    enabled,
    staleTime: 60_000,
  });
}
