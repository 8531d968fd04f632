import { Alert, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import {
  type Device,
  type DeviceWireless,
  hasPermission,
  parseApiDate,
  type WirelessGraphPoint,
} from '@netfleet/contracts';
import { TimeChart, type ChartData } from '@/components/charts';
import { useCurrentUser } from '@/lib/current-user';
import { formatBytesLocalized } from '@/lib/format';
import { useDeviceWireless, useWirelessGraph } from '../api/get-wireless-graph';
import { WIFI_TRAFFIC_TEXTS as T } from '../texts';

// Axis steps may dip below zero around an all-zero range: those ticks get no label. Bytes in the
// spec's 1024 steps (KB, MB, GB, TB), the number in the shown language's locale.
const bytesLabel = (value: number) => (value < 0 ? '' : formatBytesLocalized(value));
const countLabel = (value: number) => (Number.isInteger(value) && value >= 0 ? String(value) : '');

const timestampsOf = (points: WirelessGraphPoint[]) =>
  points.map((point) => parseApiDate(point.created_at) / 1000);

/**
 * The network's clients and, beside them, its traffic per interval (what the interface's byte
 * counters moved since the previous point) when the device reports counters.
 */
function NetworkCharts({ ssid, points }: { ssid: string; points: WirelessGraphPoint[] }) {
  const clients = useMemo<ChartData>(
    () => ({
      timestamps: timestampsOf(points),
      series: [{ label: T.clients, values: points.map((point) => point.clients_count) }],
    }),
    [points],
  );
  const traffic = useMemo<ChartData | null>(() => {
    if (!points.some((point) => point.received !== null || point.sent !== null)) return null;
    return {
      timestamps: timestampsOf(points),
      series: [
        { label: T.received, values: points.map((point) => point.received) },
        { label: T.sent, values: points.map((point) => point.sent) },
      ],
    };
  }, [points]);
  if (points.length === 0) {
    return (
      <Stack gap={4}>
        <Text fw={500}>{T.chartTitle(ssid)}</Text>
        <Text c="dimmed" size="sm">
          {T.noReadings}
        </Text>
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <TimeChart
        title={T.chartTitle(ssid)}
        data={clients}
        formatValue={countLabel}
        height={200}
        expandable
      />
      {traffic ? (
        <TimeChart
          title={T.trafficTitle(ssid)}
          data={traffic}
          formatValue={bytesLabel}
          height={200}
          expandable
        />
      ) : (
        <Stack gap={4}>
          <Text fw={500}>{T.trafficTitle(ssid)}</Text>
          <Text c="dimmed" size="sm">
            {T.noTraffic}
          </Text>
        </Stack>
      )}
    </SimpleGrid>
  );
}

function Charts({ deviceId, networks }: { deviceId: number; networks: DeviceWireless[] }) {
  const wlan = useMemo(() => networks.map((network) => Number(network.wlan_id)), [networks]);
  const graph = useWirelessGraph(deviceId, wlan);
  if (graph.isPending) return <Loader size="sm" aria-label={T.loading} />;
  if (graph.isError)
    return (
      <Alert color="red" title={T.loadFailed}>
        {graph.error.message}
      </Alert>
    );
  return (
    <Stack gap="lg">
      {networks.map((network) => {
        const entry = graph.data.find((candidate) => network.wlan_id in candidate);
        return (
          <NetworkCharts
            key={network.wlan_id}
            ssid={network.ssid}
            points={entry?.[network.wlan_id] ?? []}
          />
        );
      })}
    </Stack>
  );
}

function WifiTraffic({ deviceId }: { deviceId: number }) {
  const networks = useDeviceWireless(deviceId);
  let body;
  if (networks.isPending) {
    body = (
      <Center py="md">
        <Loader size="sm" aria-label={T.loading} />
      </Center>
    );
  } else if (networks.isError) {
    body = (
      <Alert color="red" title={T.loadFailed}>
        {networks.error.message}
      </Alert>
    );
  } else if (networks.data.length === 0) {
    body = (
      <Text c="dimmed" py="md">
        {T.noNetworks}
      </Text>
    );
  } else {
    body = <Charts deviceId={deviceId} networks={networks.data} />;
  }
  return (
    <Stack gap="xs">
      <Title order={4}>{T.title}</Title>
      <Text c="dimmed" size="sm">
        {T.lastDay}
      </Text>
      {body}
    </Stack>
  );
}

/**
 * The device page's 'Traffic and clients' of each Wi-Fi network over the last 24 hours (the app
 * adds it to the services tab); shown for Wi-Fi devices to users who may read Wi-Fi information.
 */
export function DeviceWifiTraffic({ device }: { device: Pick<Device, 'id' | 'has_wifi'> }) {
  const { permissions } = useCurrentUser();
  if (!device.has_wifi || !hasPermission(permissions, 'view_wireless_information')) return null;
  return <WifiTraffic deviceId={device.id} />;
}
