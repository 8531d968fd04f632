import { useCallback } from 'react';
import type { ConnectLog } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { useEndSession } from '../api/end-session';
import { ACCESS_HISTORY_TEXTS as T } from '../texts';

/** Ends an active session after a confirm naming whose and where. */
export function useEndSessionAction(): (log: ConnectLog) => void {
  const { mutateAsync } = useEndSession();
  return useCallback(
    (log: ConnectLog) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: T.endTitle,
          message: T.endConfirm(log.username, log.device_name),
          confirmText: T.endSession,
          danger: true,
        });
        if (!confirmed) return;
        try {
          await mutateAsync(log.id);
          toast.success(T.sessionEnded);
        } catch (error) {
          toast.error(error instanceof Error ? error.message : String(error));
        }
      })();
    },
    [mutateAsync],
  );
}
