import { Text } from '@mantine/core';
import { formatBytes, type VpnClient } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { VPN_TEXTS as T } from '../texts';
import { DetailTable } from './detail-table';

export type ConnectDetailsTarget = Pick<VpnClient, 'name' | 'session'>;

function ConnectDetails({ client }: { client: ConnectDetailsTarget }) {
  const { session } = client;
  if (!session) {
    return (
      <Text size="sm" c="dimmed">
        {T.notConnected}
      </Text>
    );
  }
  return (
    <DetailTable
      label={T.connectDetails}
      details={[
        { label: T.realAddress, value: session.real_address },
        { label: T.virtualAddress, value: session.virtual_address ?? T.none },
        { label: T.since, value: formatDateTime(session.connected_since) },
        // Counted at the hub: what it received, the client sent.
        { label: T.clientSent, value: formatBytes(session.bytes_received) },
        { label: T.clientReceived, value: formatBytes(session.bytes_sent) },
      ]}
    />
  );
}

/** Spec dialog 'VPN (connect details)': a connected client's session. */
export function connectDetailsDialog(client: ConnectDetailsTarget): DialogOptions {
  return {
    id: 'vpn.connect-details',
    title: T.connectDetailsTitle(client.name),
    size: 'md',
    main: true,
    content: <ConnectDetails client={client} />,
  };
}

export const openConnectDetails = (client: ConnectDetailsTarget) =>
  dialogs.open(connectDetailsDialog(client));
