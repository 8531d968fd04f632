import { Anchor, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AccessRule } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { protocolLabel } from '../model/protocols';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';

/** The rule's fields as a vertical table; the device links to its page. */
export function RuleDetails({ rule }: { rule: AccessRule }) {
  const rows: [string, ReactNode][] = [
    [T.name, rule.name],
    [
      T.device,
      <Anchor component={Link} to={`/devices/${rule.device_id}`} size="sm">
        {rule.device_name}
      </Anchor>,
    ],
    [T.company, rule.company_name],
    [T.protocol, protocolLabel(rule.protocol)],
    [T.destination, `${rule.destination_ip}:${rule.destination_port}`],
    [T.credentialsRequired, rule.credentials_required ? T.yes : T.no],
    [T.activeSessions, rule.active_sessions],
    [T.createdAt, formatDateTime(rule.created_at)],
  ];
  return (
    <Table variant="vertical" withTableBorder maw={640} aria-label={T.rule}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={180}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
