import {
  IconDeviceDesktopAnalytics,
  IconQrcode,
  IconRefresh,
  IconRoute,
  IconTrash,
} from '@tabler/icons-react';
import type { VpnClient } from '@netfleet/contracts';
import { RowMenu, type RowMenuItem } from '@/components/data-table';
import { VPN_TEXTS as T } from '../texts';
import type { ClientActions } from './use-client-actions';

/** A client's actions: its profile or configuration, its session, addressing and removal. */
export function ClientMenu({ client, actions }: { client: VpnClient; actions: ClientActions }) {
  const items: RowMenuItem[] = [];
  const device = client.type === 'device';
  if (!device && actions.allowed) {
    items.push({
      label: T.config,
      icon: <IconQrcode size={14} />,
      onClick: () => actions.config(client),
    });
  }
  if (device && actions.allowed) {
    items.push({
      label: T.sendConfig,
      icon: <IconRefresh size={14} />,
      onClick: () => actions.sync(client),
    });
  }
  if (client.connected) {
    items.push({
      label: T.connectDetails,
      icon: <IconDeviceDesktopAnalytics size={14} />,
      onClick: () => actions.details(client),
    });
  }
  if (actions.allowed) {
    items.push(
      { label: T.address, icon: <IconRoute size={14} />, onClick: () => actions.address(client) },
      {
        label: T.remove,
        icon: <IconTrash size={14} />,
        color: 'red',
        onClick: () => actions.remove(client),
      },
    );
  }
  return <RowMenu label={client.name} items={items} />;
}
