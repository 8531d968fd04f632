import { useCallback, useMemo } from 'react';
import { GLOBAL_FIRMWARE_PERMISSION, hasPermission, type FileInfo } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { useDeleteFile } from '../api/delete-file';
import { downloadFile } from '../api/download-file';
import { downloadZip } from '../api/download-zip';
import { FILES_TEXTS as T } from '../texts';
import { openDescriptionDialog, openUploadDialog } from './file-dialogs';
import type { UploadCompany } from './upload-form';

export interface FileActions {
  /** Null without manage_files: the page offers no upload. */
  upload: (() => void) | null;
  download: (file: FileInfo) => void;
  downloadZip: (files: readonly FileInfo[]) => void;
  /** Whether the user may change or delete this file (global firmware needs its permission). */
  canChange: (file: FileInfo) => boolean;
  editDescription: (file: FileInfo) => void;
  /** Asks first; the server's refusal shows as it gave it. */
  remove: (file: FileInfo) => void;
}

/**
 * Everything the files table and its empty state can do, as far as the user's role allows; with a
 * company (its files tab), uploads go to that company.
 */
export function useFileActions(company?: UploadCompany): FileActions {
  const { permissions } = useCurrentUser();
  const { mutateAsync } = useDeleteFile();
  const manages = hasPermission(permissions, 'manage_files');
  const managesGlobal = hasPermission(permissions, GLOBAL_FIRMWARE_PERMISSION);

  const remove = useCallback(
    (file: FileInfo) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: T.deleteTitle,
          message: T.deleteConfirm(file.name),
          confirmText: T.delete,
          danger: true,
        });
        if (!confirmed) return;
        try {
          await mutateAsync(file.id);
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
      upload: manages ? () => openUploadDialog(company) : null,
      download: (file: FileInfo) => void downloadFile(file),
      downloadZip: (files: readonly FileInfo[]) => void downloadZip(files.map((file) => file.id)),
      canChange: (file: FileInfo) => manages && (file.type !== 'global_firmware' || managesGlobal),
      editDescription: openDescriptionDialog,
      remove,
    }),
    [manages, managesGlobal, remove, company],
  );
}
