import { IconExternalLink, IconPlayerPlay, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import type { VpnHub } from '@netfleet/contracts';
import { RowMenu, type RowMenuItem } from '@/components/data-table';
import { VPN_TEXTS as T } from '../texts';
import type { HubActions } from './use-hub-actions';

/** A hub's actions: open for everyone; enable or disable and delete with manage rights. */
export function HubMenu({
  hub,
  actions,
  onOpen,
}: {
  hub: VpnHub;
  actions: HubActions;
  onOpen: () => void;
}) {
  const items: RowMenuItem[] = [
    { label: T.open, icon: <IconExternalLink size={14} />, onClick: onOpen },
  ];
  if (actions.allowed) {
    items.push(
      hub.enabled === 1
        ? {
            label: T.disable,
            icon: <IconPlayerStop size={14} />,
            onClick: () => actions.toggle(hub),
          }
        : {
            label: T.enable,
            icon: <IconPlayerPlay size={14} />,
            onClick: () => actions.toggle(hub),
          },
      {
        label: T.delete,
        icon: <IconTrash size={14} />,
        color: 'red',
        onClick: () => actions.remove([hub]),
      },
    );
  }
  return <RowMenu label={hub.name} items={items} />;
}
