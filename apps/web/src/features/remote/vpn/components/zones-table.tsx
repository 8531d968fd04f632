import { Button, Group, Table, Text } from '@mantine/core';
import type { VpnHubZone } from '@netfleet/contracts';
import { ZONE_TEXTS as T } from '../zone-texts';
import { ZoneStatus } from './zone-status';

interface ZonesTableProps {
  zones: readonly VpnHubZone[];
  /** Agent devices' names by id (loading: the ids show). */
  devices: ReadonlyMap<number, string> | undefined;
  onEdit: (zone: VpnHubZone) => void;
  onDelete: (zone: VpnHubZone) => void;
}

function deviceName(zone: VpnHubZone, devices: ZonesTableProps['devices']) {
  if (zone.kind === 'local') return T.none;
  if (zone.device_id === null) return T.noDevice;
  return devices?.get(zone.device_id) ?? `#${zone.device_id}`;
}

/** Every zone: this server's (read-only) and the agents'. */
export function ZonesTable({ zones, devices, onEdit, onDelete }: ZonesTableProps) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped withTableBorder aria-label={T.title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.visualName}</Table.Th>
            <Table.Th>{T.name}</Table.Th>
            <Table.Th>{T.kind}</Table.Th>
            <Table.Th>{T.device}</Table.Th>
            <Table.Th>{T.host}</Table.Th>
            <Table.Th>{T.status}</Table.Th>
            <Table.Th aria-label={T.actions} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {zones.map((zone) => (
            <Table.Tr key={zone.id}>
              <Table.Td>{zone.visual_name}</Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {zone.name}
                </Text>
              </Table.Td>
              <Table.Td>{T.kinds[zone.kind]}</Table.Td>
              <Table.Td>{deviceName(zone, devices)}</Table.Td>
              <Table.Td>{zone.host || T.none}</Table.Td>
              <Table.Td>
                <ZoneStatus zone={zone} />
              </Table.Td>
              <Table.Td>
                {zone.kind === 'local' ? (
                  <Text size="xs" c="dimmed">
                    {T.readOnly}
                  </Text>
                ) : (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="default"
                      aria-label={T.editZone(zone.visual_name)}
                      onClick={() => onEdit(zone)}
                    >
                      {T.edit}
                    </Button>
                    <Button
                      size="compact-xs"
                      color="red"
                      variant="light"
                      aria-label={T.deleteZone(zone.visual_name)}
                      onClick={() => onDelete(zone)}
                    >
                      {T.delete}
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
