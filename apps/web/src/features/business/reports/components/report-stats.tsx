import { SimpleGrid, Stack, Table, Title } from '@mantine/core';
import type { ReportData } from '@netfleet/contracts';
import { formatNumber } from '../model/format-number';
import { REPORT_TEXTS as T } from '../texts';

type Stat = ReportData['operator_stats'][number];

function StatTable({ title, stats }: { title: string; stats: readonly Stat[] }) {
  return (
    <Stack gap="xs">
      <Title order={4}>{title}</Title>
      <Table aria-label={title} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.name}</Table.Th>
            <Table.Th>{T.count}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stats.map((stat) => (
            <Table.Tr key={stat.name}>
              <Table.Td>{stat.name}</Table.Td>
              <Table.Td>{formatNumber(stat.value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Devices per operator and per connection type, most first; a list without entries is left out. */
export function ReportStats({ data }: { data: ReportData }) {
  const tables = [
    { title: T.operators, stats: data.operator_stats },
    { title: T.connectionTypes, stats: data.connection_type_stats },
  ].filter((table) => table.stats.length > 0);
  if (tables.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: tables.length }} spacing="md">
      {tables.map((table) => (
        <StatTable key={table.title} title={table.title} stats={table.stats} />
      ))}
    </SimpleGrid>
  );
}
