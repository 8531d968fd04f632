import { useCallback, useMemo } from 'react';
import { DEVICE_STATUSES, hasPermission, type Device } from '@netfleet/contracts';
import { confirmDialog, openNamedDialog } from '@/components/dialogs';
import { openFormDialog } from '@/components/schema-form';
import { toast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useDeviceAction } from '../api/device-actions';
import { editDeviceForm } from '../forms/edit-device';
import { DEVICE_TEXTS } from '../texts';

export interface DeviceActions {
  /** update_devices: without it reboot, refresh and edit are not offered. */
  allowed: boolean;
  /** A device that never enrolled has no link to receive actions on. */
  reachable: boolean;
  reboot: () => void;
  refresh: () => void;
  edit: () => void;
  /** manage_device_remote_access: the device's web UI and CLI. */
  remoteAllowed: boolean;
  webUi: () => void;
  cli: () => void;
  /** create_multi_configuration and a firmware with Dynamic DNS (has_ddns). */
  dynamicDnsAllowed: boolean;
  /** create_multi_configuration and a firmware with site blocking (has_webfilter). */
  siteBlockingAllowed: boolean;
  dynamicDns: () => void;
  siteBlocking: () => void;
}

// The device actions 'web UI' and 'CLI' are the remote access feature's dialogs, opened by their
// spec names (the app layer registers them).
// 'Dynamic DNS' and 'Site blocking' are the device services feature's, opened the same way.
const openDeviceDialog = (
  dialog:
    | 'device-actions.web-ui'
    | 'device-actions.cli'
    | 'device-actions.dynamic-dns'
    | 'device-actions.site-blocking',
  device: Pick<Device, 'id' | 'name'>,
) => void openNamedDialog(dialog, device);

/**
 * Reboot (confirmed) and refresh data open the live 'Action status'; edit opens the form; web UI
 * and CLI open a session to the device in a new tab.
 */
export function useDeviceActions(device: Device): DeviceActions {
  const { permissions } = useCurrentUser();
  const { mutateAsync } = useDeviceAction();
  const { id, name } = device;

  const run = useCallback(
    (action: 'reboot' | 'update_metrics_data', title: string) => {
      mutateAsync({ id, name, action, title }).catch((error: unknown) =>
        toast.error(error instanceof Error ? error.message : String(error)),
      );
    },
    [id, name, mutateAsync],
  );

  const reboot = useCallback(() => {
    void (async () => {
      const confirmed = await confirmDialog({
        title: DEVICE_TEXTS.rebootTitle,
        message: DEVICE_TEXTS.rebootConfirm(name),
        confirmText: DEVICE_TEXTS.reboot,
        danger: true,
      });
      if (confirmed) run('reboot', DEVICE_TEXTS.rebootStatus(name));
    })();
  }, [name, run]);

  const status = device.status;
  const configures = hasPermission(permissions, 'create_multi_configuration');
  const { has_ddns: hasDdns, has_webfilter: hasWebfilter } = device;
  return useMemo(
    () => ({
      allowed: hasPermission(permissions, 'update_devices'),
      reachable: status === DEVICE_STATUSES.online || status === DEVICE_STATUSES.offline,
      reboot,
      refresh: () => run('update_metrics_data', DEVICE_TEXTS.refreshStatus(name)),
      edit: () => openFormDialog(editDeviceForm, { id: String(id) }),
      remoteAllowed: hasPermission(permissions, 'manage_device_remote_access'),
      webUi: () => openDeviceDialog('device-actions.web-ui', { id, name }),
      cli: () => openDeviceDialog('device-actions.cli', { id, name }),
      dynamicDnsAllowed: configures && hasDdns,
      siteBlockingAllowed: configures && hasWebfilter,
      dynamicDns: () => openDeviceDialog('device-actions.dynamic-dns', { id, name }),
      siteBlocking: () => openDeviceDialog('device-actions.site-blocking', { id, name }),
    }),
    [permissions, status, reboot, run, name, id, configures, hasDdns, hasWebfilter],
  );
}
