import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DataCollectConfig } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { formatUptime } from '@/lib/format';
import { DATA_COLLECTION_TEXTS as T } from '../texts';
import { EnabledBadge } from './enabled-badge';

/** What the config is: its description, owner, period, state and size. */
export function ConfigSummary({ config }: { config: DataCollectConfig }) {
  const variables = config.config.data.reduce(
    (sum, endpoint) => sum + endpoint.variables.length,
    0,
  );
  const rows: [string, ReactNode][] = [
    [T.description, config.config.description || T.none],
    [T.company, config.company_name ?? T.none],
    [T.period, formatUptime(config.period)],
    [T.enabled, <EnabledBadge enabled={config.enabled} />],
    [T.endpointsCount, config.config.data.length],
    [T.variablesCount, variables],
    [T.devices, config.device_count],
    [T.version, config.config.version],
    [T.deliveredTo, T.deliveredToValue(config.config.retention)],
    [T.createdAt, formatDateTime(config.created_at)],
  ];
  return (
    <Table variant="vertical" withTableBorder maw={640} aria-label={T.configDetails}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={160}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
