import { useCallback, useMemo } from 'react';
import type { ConfigTemplate } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useDeleteTemplate } from '../api/delete-template';
import { CONFIG_TEXTS as T } from '../texts';
import { openApplyDialog } from './apply-dialog';
import { openCreateTemplate, openEditTemplate } from './template-dialogs';

export interface TemplateActions {
  create: () => void;
  edit: (template: ConfigTemplate) => void;
  apply: (template: ConfigTemplate) => void;
  /** Asks first; the server's refusal shows as it gave it. */
  remove: (template: ConfigTemplate) => void;
}

/** New, edit, apply and delete of templates, for the templates table and its empty state. */
export function useTemplateActions(): TemplateActions {
  const { mutateAsync } = useDeleteTemplate();

  const remove = useCallback(
    (template: ConfigTemplate) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: T.deleteTitle,
          message: T.deleteConfirm(template.name, template.version),
          confirmText: T.delete,
          danger: true,
        });
        if (!confirmed) return;
        try {
          await mutateAsync(template.id);
          toast.success(T.templateRemoved);
        } catch (error) {
          const serverMessage = isApiError(error) ? error.message : null;
          toast.error(serverMessage || T.templateRemoveFailed);
        }
      })();
    },
    [mutateAsync],
  );

  return useMemo(
    () => ({ create: openCreateTemplate, edit: openEditTemplate, apply: openApplyDialog, remove }),
    [remove],
  );
}
