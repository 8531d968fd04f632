import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ComponentType } from 'react';
import { hasPermission, type Permission } from '@netfleet/contracts';
import type { BulkAction } from '@/components/data-table';
import { confirmDialog, dialogs, openNamedDialog } from '@/components/dialogs';
import { useFailureToast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import type { BulkOutcome, DeviceRef } from '../api/bulk-outcome';
import { cancelUpdates, deleteDevices, exportBackups, rebootDevices } from '../api/device-actions';
import type { DeviceRow } from '../api/get-devices';
import { devicesKeys } from '../api/keys';
import { FirmwareDialog, UploadBackupDialog } from '../dialogs/file-update-dialogs';
import { MonitoringDialog } from '../dialogs/monitoring-dialog';
import { MoveDevicesDialog } from '../dialogs/move-devices-dialog';
import { TagsDialog } from '../dialogs/tags-dialog';
import { DEVICE_TEXTS } from '../texts';
import { showOutcome } from './bulk-outcome-view';

const A = DEVICE_TEXTS.actions;

const refs = (rows: readonly DeviceRow[]): DeviceRef[] =>
  rows.map((row) => ({ id: row.id, name: row.name || row.serial }));

function openBulkDialog(
  title: string,
  Dialog: ComponentType<{ devices: readonly DeviceRef[] }>,
  rows: readonly DeviceRow[],
) {
  dialogs.open({
    id: `devices.${title}`,
    title,
    main: true,
    content: <Dialog devices={refs(rows)} />,
  });
}

interface ConfirmedAction {
  title: string;
  message: string;
  confirmText: string;
  cancelText?: string;
  danger?: boolean;
  run: (devices: DeviceRef[]) => Promise<BulkOutcome>;
  done: string;
}

/**
 * The actions on the ticked rows, each offered only with its permission: reboot and delete ask
 * first, the others open their dialog. Async jobs open the live 'Action status' dialog; devices
 * left undone are listed by name.
 */
export function useDeviceBulkActions(): BulkAction<DeviceRow>[] {
  const { permissions } = useCurrentUser();
  const queryClient = useQueryClient();
  const failureToast = useFailureToast();

  return useMemo(() => {
    const confirmed =
      (action: ConfirmedAction) =>
      (rows: DeviceRow[]): void => {
        void (async () => {
          const ok = await confirmDialog({
            title: action.title,
            message: action.message,
            confirmText: action.confirmText,
            cancelText: action.cancelText,
            danger: action.danger,
          });
          if (!ok) return;
          try {
            showOutcome(await action.run(refs(rows)), action.done);
          } catch (error) {
            failureToast(`${action.title} failed`)(error);
          } finally {
            void queryClient.invalidateQueries({ queryKey: devicesKeys.lists() });
          }
        })();
      };
    const can = (permission: Permission) => hasPermission(permissions, permission);
    const actions: (BulkAction<DeviceRow> | false)[] = [
      can('update_devices') && {
        label: A.reboot,
        onClick: (rows) =>
          confirmed({
            title: DEVICE_TEXTS.rebootTitle,
            message: DEVICE_TEXTS.rebootConfirm(rows.length),
            confirmText: A.reboot,
            run: rebootDevices,
            done: DEVICE_TEXTS.done.reboot,
          })(rows),
      },
      can('update_devices') && {
        label: A.tags,
        onClick: (rows) => openBulkDialog(A.tags, TagsDialog, rows),
      },
      can('update_devices') && {
        label: A.move,
        onClick: (rows) => openBulkDialog(A.move, MoveDevicesDialog, rows),
      },
      can('update_devices') && {
        label: A.firmware,
        onClick: (rows) => openBulkDialog(A.firmware, FirmwareDialog, rows),
      },
      // Synchronous: the answer says at once which devices had nothing left to cancel.
      can('update_devices') && {
        label: A.cancelUpdates,
        onClick: (rows) =>
          confirmed({
            title: DEVICE_TEXTS.cancelUpdatesTitle,
            message: DEVICE_TEXTS.cancelUpdatesConfirm(rows.length),
            confirmText: A.cancelUpdates,
            cancelText: DEVICE_TEXTS.keepUpdates,
            run: cancelUpdates,
            done: DEVICE_TEXTS.done.cancelUpdates,
          })(rows),
      },
      can('update_devices') && {
        label: A.exportBackup,
        onClick: (rows) =>
          confirmed({
            title: DEVICE_TEXTS.exportBackupTitle,
            message: DEVICE_TEXTS.exportBackupConfirm(rows.length),
            confirmText: A.exportBackup,
            run: exportBackups,
            done: DEVICE_TEXTS.done.exportBackup,
          })(rows),
      },
      can('update_devices') && {
        label: A.uploadBackup,
        onClick: (rows) => openBulkDialog(A.uploadBackup, UploadBackupDialog, rows),
      },
      // The password manager belongs to the device passwords feature: opened by its spec name
      // (the app layer registers it).
      can('update_devices') && {
        label: A.passwords,
        onClick: (rows) =>
          void openNamedDialog('device-actions.password-manager', { devices: refs(rows) }),
      },
      // Configuration templates belong to the device configuration feature: opened by spec name.
      can('create_multi_configuration') && {
        label: A.configure,
        onClick: (rows) => void openNamedDialog('multi-configuration', { devices: refs(rows) }),
      },
      // Device alerts belong to the device alerts feature: opened by spec name. From the list it
      // is a change to many devices, so it needs manage_device_alert_configurations; viewing one
      // device's alerts is on its page.
      can('manage_device_alert_configurations') && {
        label: A.alerts,
        onClick: (rows) => void openNamedDialog('alerts.device-alerts', { devices: refs(rows) }),
      },
      can('update_monitoring') && {
        label: A.monitoring,
        onClick: (rows) => openBulkDialog(A.monitoring, MonitoringDialog, rows),
      },
      // Data packs belong to the resources feature: opened by spec name, told when to re-read.
      can('update_device_credit_status') && {
        label: A.setPack,
        onClick: (rows) =>
          void openNamedDialog('device-actions.set-pack', {
            // The company tells whose credits are spent (and shown as left).
            devices: refs(rows).map((ref, index) => ({
              ...ref,
              company_id: rows[index]?.company_id,
            })),
            onDone: () => void queryClient.invalidateQueries({ queryKey: devicesKeys.lists() }),
          }),
      },
      can('delete_devices') && {
        label: A.delete,
        color: 'red',
        onClick: (rows) =>
          confirmed({
            title: DEVICE_TEXTS.deleteTitle,
            message: DEVICE_TEXTS.deleteConfirm(rows.length),
            confirmText: A.delete,
            danger: true,
            run: deleteDevices,
            done: DEVICE_TEXTS.done.delete,
          })(rows),
      },
    ];
    return actions.filter((action): action is BulkAction<DeviceRow> => action !== false);
  }, [permissions, queryClient, failureToast]);
}
