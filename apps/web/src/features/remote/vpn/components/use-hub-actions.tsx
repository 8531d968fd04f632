import { useCallback, useMemo } from 'react';
import { hasPermission, type VpnHub } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { vpnKeys } from '../api/keys';
import { deleteHubs } from '../api/save-hub';
import { VPN_TEXTS as T } from '../texts';
import { openEditHub } from './edit-hub-form';
import { NameList } from './name-list';
import { openToggleHub } from './toggle-hub-form';
import { useConfirmedAction } from './use-confirmed-action';

export interface HubActions {
  /** manage_vpn_hubs: without it the pages only show. */
  allowed: boolean;
  /** Name, description and tags. */
  edit: (hub: VpnHub) => void;
  toggle: (hub: VpnHub) => void;
  /** Asks first, naming the hubs; `onRemoved` runs once they are gone. */
  remove: (hubs: readonly VpnHub[], onRemoved?: () => void) => void;
}

/** What can be done with hubs, shared by the lists and the hub pages. */
export function useHubActions(): HubActions {
  const { permissions } = useCurrentUser();
  const confirmed = useConfirmedAction();
  const remove = useCallback(
    (hubs: readonly VpnHub[], onRemoved?: () => void) =>
      confirmed({
        title: T.deleteTitle,
        message: <NameList intro={T.deleteConfirm} names={hubs.map((hub) => hub.name)} />,
        confirmText: T.delete,
        run: () => deleteHubs(hubs.map((hub) => hub.id)),
        done: T.hubsDeleted,
        invalidate: vpnKeys.hubs(),
        onDone: onRemoved,
      }),
    [confirmed],
  );
  return useMemo(
    () => ({
      allowed: hasPermission(permissions, 'manage_vpn_hubs'),
      edit: openEditHub,
      toggle: openToggleHub,
      remove,
    }),
    [permissions, remove],
  );
}
