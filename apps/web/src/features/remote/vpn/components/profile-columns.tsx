import { Badge, Button, Group, Text } from '@mantine/core';
import type { VpnClient } from '@netfleet/contracts';
import { formatDateTime, type DataTableColumn } from '@/components/data-table';
import { CLIENT_TYPE_LABELS, VPN_TEXTS as T } from '../texts';
import type { ClientActions } from './use-client-actions';

function ProfileActions({ client, actions }: { client: VpnClient; actions: ClientActions }) {
  // The endpoint device is the hub's other end: it has no profile to hand out or revoke here.
  if (client.type === 'device' || !actions.allowed) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-xs"
        variant="light"
        aria-label={`${T.config}: ${client.name}`}
        onClick={() => actions.config(client)}
      >
        {T.config}
      </Button>
      <Button
        size="compact-xs"
        variant="light"
        color="red"
        aria-label={`${T.revoke}: ${client.name}`}
        onClick={() => actions.revoke(client)}
      >
        {T.revoke}
      </Button>
    </Group>
  );
}

/** A quick hub's clients: its endpoint device and the profiles handed out, with their expiry. */
export function profileColumns(actions: ClientActions): DataTableColumn<VpnClient>[] {
  return [
    { key: 'name', header: T.name, sortable: true, hideable: false },
    { key: 'type', header: T.type, render: (row) => CLIENT_TYPE_LABELS[row.type] },
    { key: 'ip', header: T.ip, render: (row) => row.ip ?? T.none },
    {
      key: 'expires_at',
      header: T.expires,
      render: (row) => (row.expires_at ? formatDateTime(row.expires_at) : T.never),
    },
    {
      key: 'connected',
      header: T.status,
      render: (row) =>
        row.connected ? (
          <Badge color="green" variant="light">
            {T.connected}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            {T.notConnected}
          </Text>
        ),
    },
    {
      key: 'actions',
      header: T.actions,
      pinned: 'right',
      hideable: false,
      csv: false,
      render: (row) => <ProfileActions client={row} actions={actions} />,
    },
  ];
}
