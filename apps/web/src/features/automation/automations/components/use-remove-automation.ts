import { useCallback } from 'react';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useDeleteAutomation } from '../api/delete-automation';
import { AUTOMATIONS_TEXTS as T, failedText } from '../texts';

/** Deletes a rule after a prompt naming it. */
export function useRemoveAutomation() {
  const { mutateAsync } = useDeleteAutomation();
  return useCallback(
    (automation: { id: number; name: string }, onRemoved?: () => void) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: T.deleteTitle,
          message: T.deleteConfirm(automation.name),
          confirmText: T.delete,
          danger: true,
        });
        if (!confirmed) return;
        try {
          await mutateAsync(automation.id);
          toast.success(T.removed);
          onRemoved?.();
        } catch (error) {
          const statusText = isApiError(error) ? error.statusText : null;
          toast.error(failedText(T.failed.remove, statusText));
        }
      })();
    },
    [mutateAsync],
  );
}
