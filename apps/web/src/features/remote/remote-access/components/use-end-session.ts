import { useCallback } from 'react';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { useEndSession } from '../api/sessions';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';

/** Ends a session after a confirm: whoever uses it is cut off at once. */
export function useEndSessionAction(): (id: number) => void {
  const { mutateAsync } = useEndSession();
  return useCallback(
    (id: number) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: T.endTitle,
          message: T.endConfirm,
          confirmText: T.end,
          danger: true,
        });
        if (!confirmed) return;
        try {
          await mutateAsync(id);
          toast.success(T.sessionEnded);
        } catch (error) {
          toast.error(error instanceof Error ? error.message : String(error));
        }
      })();
    },
    [mutateAsync],
  );
}
