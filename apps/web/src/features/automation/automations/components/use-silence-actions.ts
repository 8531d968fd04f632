import { useCallback, useMemo } from 'react';
import { toApiDate, type Silence } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useDeleteSilence } from '../api/delete-silence';
import { useUpdateSilence } from '../api/save-silence';
import { SILENCES_TEXTS as T } from '../silence-texts';
import { failedText } from '../texts';

const statusTextOf = (error: unknown) => (isApiError(error) ? error.statusText : null);

/** A failure's own message when the server gave one (the end before the start), else the verb's. */
const serverMessageOf = (error: unknown) =>
  isApiError(error) ? (error.errors[0]?.message ?? null) : null;

/**
 * A row's writes: "End now" moves the end to now (no prompt: it can be edited back), Delete asks
 * first, naming the silence.
 */
export function useSilenceActions() {
  const update = useUpdateSilence().mutateAsync;
  const remove = useDeleteSilence().mutateAsync;

  const endNow = useCallback(
    (silence: Silence) => {
      void (async () => {
        try {
          await update({ id: silence.id, body: { ends_at: toApiDate(new Date()) } });
          toast.success(T.ended(silence.name));
        } catch (error) {
          toast.error(serverMessageOf(error) ?? failedText(T.failed.update, statusTextOf(error)));
        }
      })();
    },
    [update],
  );

  const confirmRemove = useCallback(
    (silence: Silence) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: T.deleteTitle,
          message: T.deleteConfirm(silence.name),
          confirmText: T.delete,
          danger: true,
        });
        if (!confirmed) return;
        try {
          await remove(silence.id);
          toast.success(T.removed);
        } catch (error) {
          toast.error(failedText(T.failed.remove, statusTextOf(error)));
        }
      })();
    },
    [remove],
  );

  return useMemo(() => ({ endNow, remove: confirmRemove }), [endNow, confirmRemove]);
}
