import { Select } from '@mantine/core';
import { useRoleOptions } from '../api/get-role-options';

interface RoleFilterProps {
  value: string | undefined;
  onChange: (roleId: string | null) => void;
}

/** The `role` filter of the users and invitations lists, by role id. */
export function RoleFilter({ value, onChange }: RoleFilterProps) {
  const roles = useRoleOptions(true);
  return (
    <Select
      aria-label="Filter by role"
      placeholder={roles.isError ? 'Roles failed to load' : 'All roles'}
      data={roles.data ?? []}
      value={value ?? null}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage="No roles found"
      w={220}
    />
  );
}
