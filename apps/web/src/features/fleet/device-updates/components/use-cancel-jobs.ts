import { useCallback } from 'react';
import type { PendingUpdate } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { useFailureToast } from '@/components/toasts';
import { useCancelUpdates } from '../api/cancel-updates';
import { failuresOf, isDeviceRefusal, partialErrorsOf } from '../model/device-outcome';
import { cancelBody } from '../model/pending';
import type { UpdateKind } from '../model/update-kinds';
import { KIND_TEXTS } from '../texts';
import { showOutcome } from './device-outcome';

/**
 * Cancelling pending jobs, after asking. Devices whose job could not go (it has started) are
 * named with the server's reason, whether some jobs went (207) or none did.
 */
export function useCancelJobs(kind: UpdateKind): (jobs: readonly PendingUpdate[]) => void {
  const { mutateAsync } = useCancelUpdates();
  const failureToast = useFailureToast();
  const texts = KIND_TEXTS[kind];

  return useCallback(
    (jobs: readonly PendingUpdate[]) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: texts.cancelSelected,
          message: texts.cancelConfirm(jobs.length),
          confirmText: texts.cancelSelected,
          cancelText: texts.keep,
          danger: true,
        });
        if (!confirmed) return;
        const body = cancelBody(jobs);
        const names = new Map(jobs.map((job) => [job.device_id, job.device_name]));
        try {
          const response = await mutateAsync(body);
          showOutcome(
            body.data.length,
            failuresOf(partialErrorsOf(response), names),
            texts.cancelled,
          );
        } catch (error) {
          if (isDeviceRefusal(error)) {
            showOutcome(body.data.length, failuresOf(error.errors, names), texts.cancelled);
          } else {
            failureToast(texts.cancelFailed)(error);
          }
        }
      })();
    },
    [texts, mutateAsync, failureToast],
  );
}
