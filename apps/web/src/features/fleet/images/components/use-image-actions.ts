import { useCallback, useMemo } from 'react';
import { hasPermission, type ImageInfo } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { downloadFile } from '@/lib/download';
import { useDeleteImage } from '../api/delete-image';
import { IMAGES_PATH } from '../api/keys';
import { IMAGES_TEXTS as T } from '../texts';
import { openDescriptionDialog, openPreviewDialog, openUploadDialog } from './image-dialogs';

export interface ImageActions {
  /** Null without manage_images: the page offers no upload, edit or delete. */
  upload: (() => void) | null;
  manages: boolean;
  preview: (image: ImageInfo) => void;
  download: (image: ImageInfo) => void;
  editDescription: (image: ImageInfo) => void;
  /** Asks first; the server's refusal shows as it gave it. */
  remove: (image: ImageInfo) => void;
}

/** Everything the images table and its empty state can do, as far as the user's role allows. */
export function useImageActions(): ImageActions {
  const { permissions } = useCurrentUser();
  const manages = hasPermission(permissions, 'manage_images');
  const { mutateAsync } = useDeleteImage();

  const remove = useCallback(
    (image: ImageInfo) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: T.deleteTitle,
          message: T.deleteConfirm(image.name),
          confirmText: T.delete,
          danger: true,
        });
        if (!confirmed) return;
        try {
          await mutateAsync(image.id);
          toast.success(T.removed);
        } catch (error) {
          const serverMessage = isApiError(error) ? error.message : null;
          toast.error(serverMessage || T.removeFailed);
        }
      })();
    },
    [mutateAsync],
  );

  return useMemo(
    () => ({
      upload: manages ? openUploadDialog : null,
      manages,
      preview: openPreviewDialog,
      download: (image: ImageInfo) =>
        void downloadFile(`${IMAGES_PATH}/${image.id}`, { filename: image.name }),
      editDescription: openDescriptionDialog,
      remove,
    }),
    [manages, remove],
  );
}
