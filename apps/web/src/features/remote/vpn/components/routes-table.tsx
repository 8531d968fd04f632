import { Badge, Button, Table } from '@mantine/core';
import type { VpnRoute } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { VPN_TEXTS as T } from '../texts';

/** `192.168.1.0/255.255.255.0`. */
export const routeLabel = (route: Pick<VpnRoute, 'ip' | 'netmask'>) =>
  `${route.ip}/${route.netmask}`;

interface RoutesTableProps {
  routes: readonly VpnRoute[];
  /** Remove buttons (manage_vpn_hubs). */
  onRemove?: ((route: VpnRoute) => void) | undefined;
}

/** A hub's routes: the LAN, the device client it goes through and whether it is up. */
export function RoutesTable({ routes, onRemove }: RoutesTableProps) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder aria-label={T.routes}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.routeName}</Table.Th>
            <Table.Th>{T.network}</Table.Th>
            <Table.Th>{T.via}</Table.Th>
            <Table.Th>{T.state}</Table.Th>
            <Table.Th>{T.created}</Table.Th>
            {onRemove && <Table.Th aria-label={T.actions} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {routes.map((route) => (
            <Table.Tr key={route.id}>
              <Table.Td>{route.name || T.none}</Table.Td>
              <Table.Td>{routeLabel(route)}</Table.Td>
              <Table.Td>{route.via_name}</Table.Td>
              <Table.Td>
                <Badge color={route.state === 'active' ? 'green' : 'gray'} variant="light">
                  {route.state === 'active' ? T.active : T.inactive}
                </Badge>
              </Table.Td>
              <Table.Td>{formatDateTime(route.created_at)}</Table.Td>
              {onRemove && (
                <Table.Td>
                  <Button
                    size="compact-xs"
                    color="red"
                    variant="light"
                    aria-label={`${T.remove} ${routeLabel(route)}`}
                    onClick={() => onRemove(route)}
                  >
                    {T.remove}
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
