import { useCallback } from 'react';
import type { AlertConfigListItem } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useRemoveConfig } from '../api/remove-config';
import { alertName } from '../model/catalogue';
import type { DeviceRef } from '../model/device-ref';
import { pushStatus } from '../model/push-status';
import { DEVICE_ALERTS_TEXTS as T } from '../texts';

/** Removes a device's config after a prompt naming it and the device. */
export function useRemoveAlert(device: DeviceRef) {
  const { mutateAsync } = useRemoveConfig();
  return useCallback(
    (config: AlertConfigListItem) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: T.removeTitle,
          message: T.removeConfirm(alertName(config), device.name),
          confirmText: T.remove,
          danger: true,
        });
        if (!confirmed) return;
        try {
          await mutateAsync({
            deviceId: device.id,
            id: config.id,
            actionStatus: pushStatus([device]),
          });
          toast.success(T.removed);
        } catch (error) {
          const statusText = isApiError(error) ? error.statusText : null;
          toast.error(statusText ? `${T.removeFailed} (${statusText})` : T.removeFailed);
        }
      })();
    },
    [mutateAsync, device],
  );
}
