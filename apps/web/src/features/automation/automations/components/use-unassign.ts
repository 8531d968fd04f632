import { useCallback } from 'react';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useUnassignDevices } from '../api/assign-devices';
import type { DeviceRow } from '../api/get-devices';
import { AUTOMATIONS_TEXTS as T } from '../texts';

/** Stops evaluating the rule on the devices after a prompt naming how many. */
export function useUnassign(automation: { id: number; name: string }) {
  const { mutateAsync } = useUnassignDevices(automation.id);
  return useCallback(
    (rows: readonly DeviceRow[]) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: T.unassignTitle,
          message: T.unassignConfirm(rows.length, automation.name),
          confirmText: T.unassign,
          danger: true,
        });
        if (!confirmed) return;
        try {
          await mutateAsync(rows.map((row) => row.device_id));
          toast.success(T.unassigned);
        } catch (error) {
          toast.error(isApiError(error) && error.message ? error.message : T.unassignFailed);
        }
      })();
    },
    [automation.name, mutateAsync],
  );
}
