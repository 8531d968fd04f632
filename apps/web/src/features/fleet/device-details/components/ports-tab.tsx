import { Stack } from '@mantine/core';
import { PORTS } from '@netfleet/contracts';
import { DEVICE_TEXTS as T } from '../texts';
import { KeyValueTable, ListTable } from './key-value-table';
import type { DeviceTabProps } from './tab-props';

// Spec §9 ports of the device services remote access reaches (SSH and SFTP share 22).
const ACCESS_PORTS: readonly [string, number][] = [
  ['SSH / SFTP', PORTS.ssh],
  ['Telnet', PORTS.telnet],
  ['HTTP', PORTS.http],
  ['HTTPS', PORTS.https],
];

/** The device's LAN port count (its model's capability) and the ports access goes through. */
export function PortsTab({ device }: DeviceTabProps) {
  return (
    <Stack gap="lg">
      <KeyValueTable label={T.lanPorts} rows={[[T.lanPorts, String(device.port_count)]]} />
      <ListTable
        title={T.accessPorts}
        headers={[T.protocol, T.port]}
        rows={ACCESS_PORTS.map(([protocol, port]) => [protocol, port])}
      />
    </Stack>
  );
}
