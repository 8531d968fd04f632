import { useCallback, useState } from 'react';
import { hasPermission, type Device } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { openFormDialog } from '@/components/schema-form';
import { toast, useFailureToast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useClearPosition } from '../api/clear-position';
import { devicePositionForm, POSITION_DECIMALS } from '../forms/device-position';
import { DEVICE_TEXTS as T } from '../texts';

// A click lands on a pixel, many decimals long: the form takes positions to its step.
const toStep = (value: number) => Number(value.toFixed(POSITION_DECIMALS));

export interface PositionEditor {
  /** update_devices: without it the position can only be looked at. */
  allowed: boolean;
  /** Whether the next click on the map picks the position. */
  picking: boolean;
  togglePicking: () => void;
  /** Opens the form at the clicked point, to be checked and saved. */
  pick: (latitude: number, longitude: number) => void;
  /** The form, starting from the position the user set before, if any. */
  edit: () => void;
  clear: () => void;
}

/** Where a user places the device (user_set_latitude/longitude): typed, or picked on the map. */
export function usePositionEditor(device: Device): PositionEditor {
  const { permissions } = useCurrentUser();
  const [picking, setPicking] = useState(false);
  const { mutateAsync } = useClearPosition(device.id);
  const failureToast = useFailureToast();
  const { id, name, user_set_latitude: latitude, user_set_longitude: longitude } = device;

  const open = useCallback(
    (start: { latitude: number | null; longitude: number | null }) =>
      openFormDialog(devicePositionForm, {
        id: String(id),
        initialValues: {
          user_set_latitude: start.latitude ?? '',
          user_set_longitude: start.longitude ?? '',
        },
      }),
    [id],
  );

  const pick = useCallback(
    (lat: number, lng: number) => {
      setPicking(false);
      open({ latitude: toStep(lat), longitude: toStep(lng) });
    },
    [open],
  );

  const clear = useCallback(() => {
    void (async () => {
      const confirmed = await confirmDialog({
        title: T.clearPositionTitle,
        message: T.clearPositionConfirm(name),
        confirmText: T.clearPosition,
      });
      if (!confirmed) return;
      try {
        await mutateAsync();
        toast.success(T.positionCleared);
      } catch (error) {
        failureToast(T.clearPositionFailed)(error);
      }
    })();
  }, [name, mutateAsync, failureToast]);

  return {
    allowed: hasPermission(permissions, 'update_devices'),
    picking,
    togglePicking: () => setPicking((current) => !current),
    pick,
    edit: () => open({ latitude, longitude }),
    clear,
  };
}
