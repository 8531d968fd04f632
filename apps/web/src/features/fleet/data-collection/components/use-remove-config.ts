import { useCallback } from 'react';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { openActionStatusFor } from '@/lib/action-status';
import { isApiError } from '@/lib/api-client';
import { useDeleteConfig } from '../api/delete-config';
import { DATA_COLLECTION_TEXTS as T } from '../texts';

/** Deletes a config after a prompt naming it and saying its devices stop collecting it. */
export function useRemoveConfig() {
  const { mutateAsync } = useDeleteConfig();
  return useCallback(
    (config: { id: number; name: string }, onRemoved?: () => void) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: T.deleteTitle,
          message: T.deleteConfirm(config.name),
          confirmText: T.delete,
          danger: true,
        });
        if (!confirmed) return;
        try {
          const response = await mutateAsync(config.id);
          toast.success(T.removed);
          // Its devices stop collecting it: their jobs are followed.
          openActionStatusFor(response, { title: T.jobTitle(config.name) });
          onRemoved?.();
        } catch (error) {
          const serverMessage = isApiError(error) ? error.message : null;
          toast.error(serverMessage || T.removeFailed);
        }
      })();
    },
    [mutateAsync],
  );
}
