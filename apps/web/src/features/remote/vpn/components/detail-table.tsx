import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** Label and value pairs, one a row: what a record's general tab shows. */
export function DetailTable({ label, details }: { label: string; details: readonly Detail[] }) {
  return (
    <Table withTableBorder variant="vertical" layout="fixed" aria-label={label}>
      <Table.Tbody>
        {details.map((detail) => (
          <Table.Tr key={detail.label}>
            <Table.Th w={220}>{detail.label}</Table.Th>
            <Table.Td>{detail.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
