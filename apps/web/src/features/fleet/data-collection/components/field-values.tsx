import { Alert, Center, Group, Loader, Progress, Table, Text } from '@mantine/core';
import { useFieldValues } from '../api/get-graph';
import type { ConfigField } from '../model/fields';
import { DATA_COLLECTION_TEXTS as T } from '../texts';

/** The field's latest value on each device, grouped: each value with its devices, as bars. */
export function FieldValues({ field }: { field: ConfigField }) {
  const result = useFieldValues(field.id, field.variable);
  if (result.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={T.loading} />
      </Center>
    );
  }
  if (result.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {result.error.message}
      </Alert>
    );
  }
  if (result.data.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {T.noValues}
      </Text>
    );
  }
  const most = Math.max(...result.data.map((row) => row.devices));
  return (
    <Table aria-label={T.valuesTable(field.variable)} maw={640}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{T.value}</Table.Th>
          <Table.Th>{T.deviceCount}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {result.data.map((row) => (
          <Table.Tr key={row.value}>
            <Table.Td>{row.value}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Progress value={(row.devices / most) * 100} w={200} aria-hidden />
                <Text size="sm">{row.devices}</Text>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
