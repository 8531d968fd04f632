import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';

export interface ConfirmedAction {
  title: string;
  message: ReactNode;
  confirmText: string;
  /** The request; its failure's first message is shown. */
  run: () => Promise<unknown>;
  done: string;
  /** Reloaded afterwards, whatever the outcome. */
  invalidate: QueryKey;
  onDone?: () => void;
}

/** Asks first (a red confirm), then runs the removal, reports it and reloads what it changed. */
export function useConfirmedAction() {
  const queryClient = useQueryClient();
  return useCallback(
    (action: ConfirmedAction) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: action.title,
          message: action.message,
          confirmText: action.confirmText,
          danger: true,
        });
        if (!confirmed) return;
        try {
          await action.run();
          toast.success(action.done);
          action.onDone?.();
        } catch (error) {
          toast.error(isApiError(error) || error instanceof Error ? error.message : String(error));
        } finally {
          void queryClient.invalidateQueries({ queryKey: action.invalidate });
        }
      })();
    },
    [queryClient],
  );
}
