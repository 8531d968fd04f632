import { Group, Progress, Table, Text } from '@mantine/core';
import { CHART_PALETTE } from '@netfleet/contracts';

export interface BarSeries {
  key: string;
  label: string;
}

export interface BarRow {
  key: string;
  label: string;
  values: Readonly<Record<string, number>>;
}

interface BarTableProps {
  caption: string;
  /** Header of the first column (what each row is: month, model...). */
  rowHeader: string;
  series: readonly BarSeries[];
  rows: readonly BarRow[];
}

/**
 * A bar chart as a table: one row per category, one bar per series, each with its number, so it
 * reads the same to screen readers and needs no chart library.
 */
export function BarTable({ caption, rowHeader, series, rows }: BarTableProps) {
  const max = Math.max(1, ...rows.flatMap((row) => series.map((s) => row.values[s.key] ?? 0)));
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label={caption} verticalSpacing={4} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{rowHeader}</Table.Th>
            {series.map((s) => (
              <Table.Th key={s.key}>{s.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.label}</Table.Td>
              {series.map((s, index) => {
                const value = row.values[s.key] ?? 0;
                return (
                  <Table.Td key={s.key}>
                    <Group gap="xs" wrap="nowrap">
                      <Progress
                        value={(value / max) * 100}
                        color={CHART_PALETTE[index % CHART_PALETTE.length]}
                        w={160}
                        aria-hidden
                      />
                      <Text size="sm">{value}</Text>
                    </Group>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
