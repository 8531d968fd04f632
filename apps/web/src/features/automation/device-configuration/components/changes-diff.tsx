import { Table, Text } from '@mantine/core';
import { isSecretOption, type ConfigChange, type ConfigValue } from '@netfleet/contracts';
import { valueText } from '../model/config-schema';
import { CONFIG_TEXTS as T } from '../texts';

// A Wi-Fi key or a DDNS password is shown as changed, never in clear.
const MASK = '••••••';
const shown = (value: ConfigValue, secret: boolean) => (secret ? MASK : valueText(value));

/** A value the action took away: struck through. */
function Removed({ value, secret }: { value: ConfigValue | null; secret: boolean }) {
  if (value === null) return T.none;
  return (
    <Text component="del" size="sm" c="red" ff="monospace">
      {shown(value, secret)}
    </Text>
  );
}

/** A value the action put there: highlighted. */
function Added({ value, secret }: { value: ConfigValue | null; secret: boolean }) {
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
      {shown(value, secret)}
    </Text>
  );
}

/** Option by option, what the action changed on one device, as read back from it. */
export function ChangesDiff({
  label,
  changes,
}: {
  label: string;
  changes: readonly ConfigChange[];
}) {
  return (
    <Table aria-label={label} withTableBorder verticalSpacing={4} fz="sm" miw={420}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{T.path}</Table.Th>
          <Table.Th>{T.optionColumn}</Table.Th>
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
              <Removed value={change.before} secret={isSecretOption(change.option)} />
            </Table.Td>
            <Table.Td>
              <Added value={change.after} secret={isSecretOption(change.option)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
