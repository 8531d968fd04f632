import { useCallback } from 'react';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { openActionStatusFor } from '@/lib/action-status';
import { isApiError } from '@/lib/api-client';
import { useUnassignDevices } from '../api/unassign-devices';
import type { AssignmentRow } from '../api/get-assignments';
import { DATA_COLLECTION_TEXTS as T } from '../texts';

/**
 * Stops the devices collecting the config after a prompt; their `collect_config` jobs are
 * followed in the 'Action status' dialog.
 */
export function useUnassign(config: { id: number; name: string }) {
  const { mutateAsync } = useUnassignDevices(config.id);
  return useCallback(
    (rows: readonly AssignmentRow[]) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: T.unassignTitle,
          message: T.unassignConfirm(rows.length, config.name),
          confirmText: T.unassign,
          danger: true,
        });
        if (!confirmed) return;
        try {
          const response = await mutateAsync(rows.map((row) => row.device_id));
          toast.success(T.unassigned);
          openActionStatusFor(response, {
            title: T.jobTitle(config.name),
            itemLabels: Object.fromEntries(
              rows.map((row) => [String(row.device_id), row.device_name]),
            ),
          });
        } catch (error) {
          toast.error(isApiError(error) && error.message ? error.message : T.unassignFailed);
        }
      })();
    },
    [config.name, mutateAsync],
  );
}
