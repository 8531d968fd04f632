import { Table, Text } from '@mantine/core';
import type { BackupComparison } from '@netfleet/contracts';
import { valueText } from '../model/comparison';
import { UPDATE_TEXTS as T } from '../texts';

type OptionValue = BackupComparison['changes'][number]['before'];

/** A value of the older backup: struck through. */
function Before({ value }: { value: OptionValue }) {
  if (value === null) return T.none;
  return (
    <Text component="del" size="sm" c="red" ff="monospace">
      {valueText(value)}
    </Text>
  );
}

/** A value of the newer backup: highlighted. */
function After({ value }: { value: OptionValue }) {
  if (value === null) return T.none;
  return (
    <Text
      component="ins"
      size="sm"
      ff="monospace"
      td="none"
      px={4}
      bg="var(--mantine-color-green-light)"
      c="var(--mantine-color-green-light-color)"
    >
      {valueText(value)}
    </Text>
  );
}

/** Option by option, what differs from the older backup to the newer one. */
export function OptionChangesTable({ changes }: { changes: BackupComparison['changes'] }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label={T.configChanges} withTableBorder verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.path}</Table.Th>
            <Table.Th>{T.option}</Table.Th>
            <Table.Th>{T.before}</Table.Th>
            <Table.Th>{T.after}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={`${change.path} ${change.option}`}>
              <Table.Td ff="monospace">{change.path}</Table.Td>
              <Table.Td ff="monospace">{change.option}</Table.Td>
              <Table.Td>
                <Before value={change.before} />
              </Table.Td>
              <Table.Td>
                <After value={change.after} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
