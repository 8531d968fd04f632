import {
  Checkbox,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconMinus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ROLE_TEXTS as T } from '../texts';
import { filterGroups, switchPermissions, type PermissionGroup } from './permission-groups';

export interface RolePermissionTableProps {
  /** The granted permissions (catalogue names; anything else is ignored). */
  value: readonly string[];
  /** Makes the table editable: a checkbox per permission and a select-all per category. */
  onChange?: (next: string[]) => void;
  /** Editable only: the permissions that may be granted (one's own); others can only be removed. */
  grantable?: readonly string[];
}

type Shown = 'granted' | 'all';

interface GroupProps {
  group: PermissionGroup;
  granted: ReadonlySet<string>;
  editable: boolean;
  canGrant: (name: string) => boolean;
  onSwitch: (names: readonly string[], on: boolean) => void;
}

function CategoryRows({ group, granted, editable, canGrant, onSwitch }: GroupProps) {
  // Taking a permission away is always allowed; granting only what one may grant.
  const changeable = group.rows.filter((row) => granted.has(row.name) || canGrant(row.name));
  const grantedCount = group.rows.filter((row) => granted.has(row.name)).length;
  const allOn = changeable.length > 0 && changeable.every((row) => granted.has(row.name));
  const someOn = grantedCount > 0;
  const toggleAll = () => {
    const names = changeable.map((row) => row.name);
    onSwitch(allOn ? names : names.filter(canGrant), !allOn);
  };
  return (
    <Table.Tbody>
      <Table.Tr bg="var(--mantine-color-default-hover)">
        {editable && (
          <Table.Th w={40}>
            <Checkbox
              size="xs"
              aria-label={T.selectAll(group.label)}
              checked={allOn}
              indeterminate={someOn && !allOn}
              disabled={changeable.length === 0}
              onChange={toggleAll}
            />
          </Table.Th>
        )}
        <Table.Th colSpan={editable ? 2 : 3}>
          <Group justify="space-between" gap="xs">
            <Text fw={600} size="sm">
              {group.label}
            </Text>
            <Text size="xs" c="dimmed">
              {grantedCount} / {group.rows.length}
            </Text>
          </Group>
        </Table.Th>
      </Table.Tr>
      {group.rows.map((row) => {
        const on = granted.has(row.name);
        return (
          <Table.Tr key={row.name}>
            <Table.Td w={40}>
              {editable ? (
                <Checkbox
                  size="xs"
                  aria-label={row.name}
                  checked={on}
                  disabled={!on && !canGrant(row.name)}
                  onChange={(event) => onSwitch([row.name], event.currentTarget.checked)}
                />
              ) : on ? (
                <IconCheck
                  size={16}
                  color="var(--mantine-color-green-6)"
                  role="img"
                  aria-label={T.granted}
                />
              ) : (
                <IconMinus
                  size={16}
                  color="var(--mantine-color-dimmed)"
                  role="img"
                  aria-label={T.notGranted}
                />
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {row.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{row.description}</Text>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </Table.Tbody>
  );
}

/**
 * A role's permissions by category, with a search. Read-only it shows the granted ones (or all,
 * marked); editable it has a checkbox per permission and a select-all per category, which acts on
 * the permissions the search shows.
 */
export function RolePermissionTable({ value, onChange, grantable }: RolePermissionTableProps) {
  const editable = onChange !== undefined;
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState<Shown>('granted');
  const granted = useMemo(() => new Set(value), [value]);
  const allowed = useMemo(() => (grantable ? new Set(grantable) : null), [grantable]);
  const canGrant = (name: string) => allowed === null || allowed.has(name);
  const onlyGranted = !editable && shown === 'granted';
  const groups = filterGroups(search, onlyGranted ? (row) => granted.has(row.name) : undefined);
  const onSwitch = (names: readonly string[], on: boolean) =>
    onChange?.(switchPermissions(granted, names, on));

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label={T.searchPermissions}
          placeholder={T.searchPermissions}
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
        />
        {!editable && (
          <SegmentedControl
            aria-label={T.permissionsShown}
            value={shown}
            onChange={(next) => setShown(next as Shown)}
            data={[
              { value: 'granted', label: T.shownGranted },
              { value: 'all', label: T.shownAll },
            ]}
          />
        )}
      </Group>
      {groups.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {search.trim() ? T.noMatch : T.noneGranted}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={T.permissionsTable} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <VisuallyHidden>{editable ? T.granted : T.status}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{T.permission}</Table.Th>
                <Table.Th>{T.description}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            {groups.map((group) => (
              <CategoryRows
                key={group.category}
                group={group}
                granted={granted}
                editable={editable}
                canGrant={canGrant}
                onSwitch={onSwitch}
              />
            ))}
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
