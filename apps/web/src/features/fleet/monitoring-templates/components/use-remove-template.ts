import { useCallback } from 'react';
import { actionFailureMessage } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useDeleteTemplate } from '../api/delete-template';
import { TEMPLATE_TEXTS } from '../texts';

/** Removes a template after the spec's 'monitoring templates removal' prompt. */
export function useRemoveTemplate() {
  const { mutateAsync } = useDeleteTemplate();
  return useCallback(
    (template: { id: number; name: string }) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: TEMPLATE_TEXTS.removeTitle,
          message: TEMPLATE_TEXTS.removeConfirm(template.name),
          confirmText: TEMPLATE_TEXTS.remove,
          danger: true,
        });
        if (!confirmed) return;
        try {
          await mutateAsync(template.id);
          toast.success(TEMPLATE_TEXTS.removed);
        } catch (error) {
          toast.error(
            actionFailureMessage({
              item: 'monitoring template',
              verb: 'remove',
              serverMessage: isApiError(error) ? error.message : null,
              fallback: TEMPLATE_TEXTS.removeFailed,
            }),
          );
        }
      })();
    },
    [mutateAsync],
  );
}
