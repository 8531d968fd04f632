import { Stack, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A vertical table of labelled values: device details, the latest readings. */
export function KeyValueTable({
  label,
  rows,
}: {
  label: string;
  rows: readonly (readonly [string, ReactNode])[];
}) {
  return (
    <Table variant="vertical" withTableBorder maw={720} aria-label={label}>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th w={200}>{name}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A titled table of rows, one cell per header: the services and ports the device reported. */
export function ListTable({
  title,
  headers,
  rows,
}: {
  title: string;
  headers: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}) {
  return (
    <Stack gap="xs">
      <Title order={4}>{title}</Title>
      <Table striped withTableBorder maw={720} aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, index) => (
            // Rows are a reading's list in the device's order; they have no other identity.
            <Table.Tr key={index}>
              {cells.map((cell, column) => (
                <Table.Td key={headers[column] ?? column}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
