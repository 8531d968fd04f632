import { Badge, Button, Code, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { ImportRowResult } from '../api/import-devices';
import { DEVICE_TEXTS } from '../texts';

interface ImportResultsProps {
  results: readonly ImportRowResult[];
  onClose: () => void;
}

/** One line per CSV row: imported (with its claim secret, shown only here) or why not. */
export function ImportResults({ results, onClose }: ImportResultsProps) {
  const imported = results.filter((result) => result.ok).length;
  return (
    <Stack gap="md">
      <Text size="sm">{DEVICE_TEXTS.importSummary(imported, results.length)}</Text>
      {imported > 0 && (
        <Text size="sm" c="orange">
          {DEVICE_TEXTS.secretsOnce}
        </Text>
      )}
      <ScrollArea.Autosize mah="50vh">
        <Table aria-label={DEVICE_TEXTS.importResults} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{DEVICE_TEXTS.row}</Table.Th>
              <Table.Th>{DEVICE_TEXTS.columns.serial}</Table.Th>
              <Table.Th>{DEVICE_TEXTS.result}</Table.Th>
              <Table.Th>{DEVICE_TEXTS.claimSecret}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((result) => (
              <Table.Tr key={result.row}>
                <Table.Td>{result.row}</Table.Td>
                <Table.Td>{result.serial}</Table.Td>
                <Table.Td>
                  {result.ok ? (
                    <Badge color="green" variant="light">
                      {DEVICE_TEXTS.imported}
                    </Badge>
                  ) : (
                    <Text size="sm" c="red">
                      {result.error?.message}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{result.claim_secret && <Code>{result.claim_secret}</Code>}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button onClick={onClose}>{DEVICE_TEXTS.finish}</Button>
      </Group>
    </Stack>
  );
}
