import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatBytes, type VpnHub } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { VPN_TEXTS as T } from '../texts';
import { type Detail, DetailTable } from './detail-table';
import { HubStatusBadge } from './hub-status-badge';

const orNone = (value: string | null) => (value ? formatDateTime(value) : T.none);

function StatusValue({ hub }: { hub: VpnHub }) {
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <HubStatusBadge status={hub.status} />
        {hub.disabled_until && (
          <Text
            size="sm"
            c="dimmed"
          >{`${T.disabledUntil}: ${formatDateTime(hub.disabled_until)}`}</Text>
        )}
        {hub.enabled === 1 && hub.end_time !== null && (
          <Text size="sm" c="dimmed">
            {`${T.enabledUntil}: ${formatDateTime(new Date(hub.end_time * 1000))}`}
          </Text>
        )}
      </Group>
      {/* A failure is the hub's own; 'not available' is the host's, which the banner explains. */}
      {hub.status.error && (
        <Text size="sm" c={hub.status.state === 'failed' ? 'red' : 'dimmed'}>
          {hub.status.error}
        </Text>
      )}
    </Stack>
  );
}

/** The hub's state and tunnel. */
function tunnelDetails(hub: VpnHub): Detail[] {
  return [
    { label: T.status, value: <StatusValue hub={hub} /> },
    { label: T.port, value: hub.port },
    { label: T.protocol, value: hub.protocol.toUpperCase() },
    { label: T.type, value: hub.vpn_type.toUpperCase() },
    { label: T.subnet, value: `${hub.ip} / ${hub.netmask}` },
    { label: T.hubAddress, value: hub.hub_address },
    { label: T.zone, value: hub.hub_zone },
  ];
}

/** Who uses the hub, how much, and how long its certificates last. */
function usageDetails(hub: VpnHub): Detail[] {
  return [
    {
      label: T.clients,
      value: `${T.devicesCount(hub.devices_count)}, ${T.usersCount(hub.users_count)}`,
    },
    { label: T.sessionsNow, value: hub.sessions_count },
    { label: T.dataUsed, value: formatBytes(hub.bytes_used) },
    { label: T.company, value: hub.company_name },
    {
      label: T.tags,
      value: hub.tags.length > 0 ? hub.tags.map((tag) => tag.name).join(', ') : T.none,
    },
    { label: T.caExpires, value: orNone(hub.ca_crt_expire_at) },
    { label: T.serverCertExpires, value: orNone(hub.server_crt_expire_at) },
    { label: T.created, value: formatDateTime(hub.created_at) },
  ];
}

/** Side by side where there is room: the tunnel, and its use and certificates. */
export function HubDetails({ hub }: { hub: VpnHub }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <DetailTable label={T.details} details={tunnelDetails(hub)} />
      <DetailTable label={T.usage} details={usageDetails(hub)} />
    </SimpleGrid>
  );
}
