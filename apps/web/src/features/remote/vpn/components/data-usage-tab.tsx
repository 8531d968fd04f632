import { Group, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatBytes, type VpnDataUsage } from '@netfleet/contracts';
import { QueryState } from '@/components/query-state';
import { useDataUsage } from '../api/get-data-usage';
import { CLIENT_TYPE_LABELS, VPN_TEXTS as T } from '../texts';
import { UsageChart } from './usage-chart';

const PERIODS = [7, 30, 90, 365].map((days) => ({ value: String(days), label: T.lastDays(days) }));
const DEFAULT_DAYS = 30;
const WHOLE_HUB = 'hub';

const hasTraffic = (usage: VpnDataUsage) => usage.bytes_received + usage.bytes_sent > 0;

function ClientTotals({ clients }: { clients: VpnDataUsage['clients'] }) {
  return (
    <Table striped withTableBorder aria-label={T.clients}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{T.client}</Table.Th>
          <Table.Th>{T.type}</Table.Th>
          <Table.Th>{T.received}</Table.Th>
          <Table.Th>{T.sent}</Table.Th>
          <Table.Th>{T.total}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {clients.map((client) => (
          <Table.Tr key={client.vpn_hub_user_id}>
            <Table.Td>{client.name}</Table.Td>
            <Table.Td>{CLIENT_TYPE_LABELS[client.type]}</Table.Td>
            <Table.Td>{formatBytes(client.bytes_received)}</Table.Td>
            <Table.Td>{formatBytes(client.bytes_sent)}</Table.Td>
            <Table.Td>{formatBytes(client.bytes_received + client.bytes_sent)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Bytes per day through the hub, or one client, over a period; and each client's totals. */
export function DataUsageTab({ hubId }: { hubId: number }) {
  const [days, setDays] = useState(DEFAULT_DAYS);
  const [client, setClient] = useState<number | null>(null);
  // The whole hub's answer lists the clients, whichever one is charted.
  const hub = useDataUsage(hubId, days, null);
  const charted = useDataUsage(hubId, days, client);
  const clientOptions = [
    { value: WHOLE_HUB, label: T.allClients },
    ...(hub.data?.clients ?? []).map((entry) => ({
      value: String(entry.vpn_hub_user_id),
      label: entry.name,
    })),
  ];
  return (
    <Stack gap="md">
      <Group align="flex-end">
        <SegmentedControl
          aria-label={T.period}
          data={PERIODS}
          value={String(days)}
          onChange={(next) => setDays(Number(next))}
        />
        <Select
          label={T.client}
          data={clientOptions}
          value={client === null ? WHOLE_HUB : String(client)}
          allowDeselect={false}
          onChange={(next) => setClient(next === null || next === WHOLE_HUB ? null : Number(next))}
        />
      </Group>
      <QueryState result={charted} isEmpty={(usage) => !hasTraffic(usage)} emptyText={T.noUsage}>
        {(usage) => (
          <Stack gap="xs">
            <Text size="sm">
              {`${T.received}: ${formatBytes(usage.bytes_received)} · ${T.sent}: ${formatBytes(usage.bytes_sent)}`}
            </Text>
            <UsageChart days={usage.days} />
          </Stack>
        )}
      </QueryState>
      {hub.data && hub.data.clients.length > 0 && <ClientTotals clients={hub.data.clients} />}
    </Stack>
  );
}
