import { Select } from '@mantine/core';
import { useRoleOptions } from '../api/get-role-options';
import { USERS_TEXTS as T } from '../texts';

interface RoleFilterProps {
  value: string | undefined;
  onChange: (roleId: string | null) => void;
}

/** The `role` filter of the users and invitations lists, by role id. */
export function RoleFilter({ value, onChange }: RoleFilterProps) {
  const roles = useRoleOptions(true);
  return (
    <Select
      aria-label={T.roleFilter.label}
      placeholder={roles.isError ? T.roleFilter.failed : T.roleFilter.all}
      data={roles.data ?? []}
      value={value ?? null}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={T.roleFilter.none}
      w={220}
    />
  );
}
