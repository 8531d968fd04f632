import { Stack, Table, Title } from '@mantine/core';
import { dynamicTelemetrySchema, formatBytes, staticTelemetrySchema } from '@netfleet/contracts';
import { formatDbm } from '@/lib/format';
import { useInformationHistory } from '../api/get-information';
import { DEVICE_TEXTS as T } from '../texts';
import { EsimSection } from './esim-profiles';
import { KeyValueTable } from './key-value-table';
import { Empty, LoadError, Loading } from './states';
import type { DeviceTabProps } from './tab-props';

type Interface = NonNullable<ReturnType<typeof dynamicTelemetrySchema.parse>['interfaces']>[number];

function Interfaces({ items }: { items: readonly Interface[] }) {
  return (
    <Table striped withTableBorder maw={720} aria-label={T.interfaces}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{T.interfaceName}</Table.Th>
          <Table.Th>{T.state}</Table.Th>
          <Table.Th>{T.received}</Table.Th>
          <Table.Th>{T.sent}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.name}>
            <Table.Td>{item.name}</Table.Td>
            <Table.Td>{item.up ? T.up : T.down}</Table.Td>
            <Table.Td>{formatBytes(item.rx)}</Table.Td>
            <Table.Td>{formatBytes(item.tx)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * WAN, LAN and interfaces as the device last reported them (nothing invented for the rest), and
 * the eSIM of a has_esim device.
 */
export function NetworkTab({ device }: DeviceTabProps) {
  const latest = useInformationHistory(device.id, null);
  if (latest.isPending) return <Loading />;
  if (latest.isError) return <LoadError error={latest.error} />;
  const dynamic = dynamicTelemetrySchema.safeParse(latest.data.dynamic?.data);
  const statics = staticTelemetrySchema.safeParse(latest.data.static?.data);
  const rows: [string, string][] = [
    [T.wanState, device.wan_state ?? ''],
    [T.wanIp, device.wan_ip ?? ''],
    [T.connectionType, device.connection_type ?? ''],
    [T.operator, device.operator ?? ''],
    [T.signal, formatDbm(device.signal)],
    [T.lanIp, statics.success ? (statics.data.lan_ip ?? '') : ''],
    [T.hostname, statics.success ? statics.data.hostname : ''],
  ];
  const known = rows.filter(([, value]) => value !== '');
  const interfaces = dynamic.success ? (dynamic.data.interfaces ?? []) : [];
  const esim = device.has_esim ? <EsimSection device={device} history={latest.data} /> : null;
  if (known.length === 0 && interfaces.length === 0 && !esim)
    return <Empty message={T.noNetwork} />;
  return (
    <Stack gap="lg">
      {known.length > 0 && <KeyValueTable label={T.wan} rows={known} />}
      {interfaces.length > 0 && (
        <Stack gap="xs">
          <Title order={4}>{T.interfaces}</Title>
          <Interfaces items={interfaces} />
        </Stack>
      )}
      {esim}
    </Stack>
  );
}
