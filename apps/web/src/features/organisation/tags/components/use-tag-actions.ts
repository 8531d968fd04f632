import { hasPermission, type Tag } from '@netfleet/contracts';
import { useCallback, useMemo } from 'react';
import { confirmDialog } from '@/components/dialogs';
import { openFormDialog } from '@/components/schema-form';
import { toast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { failureText as buildFailureText } from '@/lib/failure-text';
import { useDeleteTags } from '../api/delete-tags';
import { editTagForm } from '../forms/edit-tag';
import { newTagForm } from '../forms/new-tag';
import { TAG_TEXTS } from '../texts';
import { actionSuccessMessage } from '@/lib/messages';

type TagRef = Pick<Tag, 'id' | 'name'>;

export interface TagActions {
  /** manage_tags: without it no action is offered. */
  allowed: boolean;
  create: (companyId: number) => void;
  edit: (tag: TagRef) => void;
  /** Asks first; `onRemoved` runs when every tag was removed. */
  remove: (tags: readonly TagRef[], onRemoved?: () => void) => void;
}

const failureText = (reason: unknown): string =>
  buildFailureText(reason, TAG_TEXTS.items.tag, 'remove');

/** New, edit and delete (one or several) tags, shared by the tag pages and the company tab. */
export function useTagActions(): TagActions {
  const { permissions } = useCurrentUser();
  const { mutateAsync } = useDeleteTags();

  const remove = useCallback(
    (tags: readonly TagRef[], onRemoved?: () => void) => {
      void (async () => {
        const single = tags.length === 1 ? tags[0] : undefined;
        const confirmed = await confirmDialog({
          title: single ? TAG_TEXTS.deleteTitle : TAG_TEXTS.bulkDeleteTitle,
          message: single
            ? TAG_TEXTS.deleteConfirm(single.name)
            : TAG_TEXTS.bulkDeleteConfirm(tags.length),
          confirmText: TAG_TEXTS.delete,
          danger: true,
        });
        if (!confirmed) return;
        const { removed, failures } = await mutateAsync(tags.map((tag) => tag.id));
        if (failures.length === 0) {
          toast.success(
            actionSuccessMessage(single ? TAG_TEXTS.items.tag : TAG_TEXTS.items.tags, 'remove'),
          );
          onRemoved?.();
        } else if (removed === 0) {
          toast.error(failureText(failures[0]));
        } else {
          toast.warning(
            `${TAG_TEXTS.bulkPartial(removed, tags.length)}: ${failureText(failures[0])}`,
          );
        }
      })();
    },
    [mutateAsync],
  );

  return useMemo(
    () => ({
      allowed: hasPermission(permissions, 'manage_tags'),
      create: (companyId) =>
        openFormDialog(newTagForm, { initialValues: { company_id: companyId } }),
      edit: (tag) => openFormDialog(editTagForm, { id: String(tag.id) }),
      remove,
    }),
    [permissions, remove],
  );
}
