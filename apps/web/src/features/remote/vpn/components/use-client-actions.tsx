import { useCallback, useMemo } from 'react';
import { hasPermission, type VpnClient } from '@netfleet/contracts';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { vpnKeys } from '../api/keys';
import { removeClient, syncDevice } from '../api/save-clients';
import { VPN_TEXTS as T } from '../texts';
import { openClientAddress } from './client-address-form';
import { openConfig } from './config-dialog';
import { openConnectDetails } from './connect-details-dialog';
import { useConfirmedAction } from './use-confirmed-action';

export interface ClientActions {
  /** manage_vpn_hubs: without it clients are only shown. */
  allowed: boolean;
  /** A user's profile (QR and .ovpn); devices are sent theirs instead. */
  config: (client: VpnClient) => void;
  /** Sends a device its configuration again. */
  sync: (client: VpnClient) => void;
  details: (client: VpnClient) => void;
  address: (client: VpnClient) => void;
  remove: (client: VpnClient) => void;
  /** The same removal, in quick connect's words: a profile is revoked. */
  revoke: (client: VpnClient) => void;
}

/** What can be done with a hub's clients, for the clients and profiles tables. */
export function useClientActions(): ClientActions {
  const { permissions } = useCurrentUser();
  const confirmed = useConfirmedAction();
  const remove = useCallback(
    (client: VpnClient) =>
      confirmed({
        title: T.removeClientTitle,
        message: T.removeClientConfirm(client.name),
        confirmText: T.remove,
        run: () => removeClient(client.id),
        done: T.clientRemoved,
        invalidate: vpnKeys.all,
      }),
    [confirmed],
  );
  const revoke = useCallback(
    (client: VpnClient) =>
      confirmed({
        title: T.revokeTitle,
        message: T.revokeConfirm(client.name),
        confirmText: T.revoke,
        run: () => removeClient(client.id),
        done: T.revoked,
        invalidate: vpnKeys.all,
      }),
    [confirmed],
  );
  const sync = useCallback((client: VpnClient) => {
    if (client.object_id === null) return;
    syncDevice(client.vpn_hub_id, client.object_id).then(
      () => toast.success(T.configSent),
      (error: unknown) => toast.error(isApiError(error) ? error.message : String(error)),
    );
  }, []);
  return useMemo(
    () => ({
      allowed: hasPermission(permissions, 'manage_vpn_hubs'),
      config: openConfig,
      sync,
      details: openConnectDetails,
      address: openClientAddress,
      remove,
      revoke,
    }),
    [permissions, remove, revoke, sync],
  );
}
