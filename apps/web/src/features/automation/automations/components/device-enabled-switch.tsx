import { Switch } from '@mantine/core';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useSetDeviceActivation } from '../api/set-device-activation';
import type { DeviceRow } from '../api/get-devices';
import { AUTOMATIONS_TEXTS as T } from '../texts';

/** The rule on or off for one device. */
export function DeviceEnabledSwitch({ row, readOnly }: { row: DeviceRow; readOnly: boolean }) {
  const { mutate, isPending } = useSetDeviceActivation(row.automation_id);
  return (
    <Switch
      aria-label={T.deviceEnabled(row.device_name)}
      checked={isPending ? !row.enabled : row.enabled}
      disabled={readOnly || isPending}
      onChange={(event) => {
        const enabled = event.currentTarget.checked;
        mutate(
          { deviceIds: [row.device_id], enabled },
          {
            onSuccess: () => toast.success(T.deviceActivated(enabled)),
            onError: (error) =>
              toast.error(isApiError(error) && error.message ? error.message : T.activationFailed),
          },
        );
      }}
    />
  );
}
