import { useCallback } from 'react';
import { hasPermission, type Device, type PendingUpdate } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { toast, useFailureToast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useCancelUpdate } from '../api/pending-update';
import { DEVICE_TEXTS as T } from '../texts';

/** The server cancels only what the device has not started installing. */
const CANCELLABLE: ReadonlySet<string> = new Set(['queued', 'sent']);

/**
 * Cancels the device's pending firmware update after a confirm (spec dialog "cancel updates").
 * Null when there is nothing the user could cancel.
 */
export function useCancelUpdateAction(
  device: Device,
  update: PendingUpdate | null,
): (() => void) | null {
  const { permissions } = useCurrentUser();
  const { mutateAsync } = useCancelUpdate(device.id);
  const failureToast = useFailureToast();
  const fileName = update?.file_name ?? null;
  const { name } = device;

  const cancel = useCallback(() => {
    void (async () => {
      const confirmed = await confirmDialog({
        title: T.cancelUpdateTitle,
        message: T.cancelUpdateConfirm(name, fileName),
        confirmText: T.cancelUpdate,
        cancelText: T.keepUpdate,
        danger: true,
      });
      if (!confirmed) return;
      try {
        await mutateAsync();
        toast.success(T.updateCancelled);
      } catch (error) {
        failureToast(T.cancelUpdateFailed)(error);
      }
    })();
  }, [name, fileName, mutateAsync, failureToast]);

  const allowed = hasPermission(permissions, 'update_devices');
  return allowed && update && CANCELLABLE.has(update.status) ? cancel : null;
}
