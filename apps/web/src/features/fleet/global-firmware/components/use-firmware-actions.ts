import { useCallback, useMemo } from 'react';
import type { FileInfo } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useDeleteGlobalFirmware } from '../api/delete-global-firmware';
import { downloadGlobalFirmware } from '../api/download-global-firmware';
import { GLOBAL_FIRMWARE_TEXTS as T } from '../texts';
import { openDescriptionDialog, openUploadDialog } from './firmware-dialogs';

export interface FirmwareActions {
  upload: () => void;
  download: (file: FileInfo) => void;
  editDescription: (file: FileInfo) => void;
  /** Asks first; the server's refusal shows as it gave it. */
  remove: (file: FileInfo) => void;
}

/** Upload, download, edit and delete of global firmware, for the table and its empty state. */
export function useFirmwareActions(): FirmwareActions {
  const { mutateAsync } = useDeleteGlobalFirmware();

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
      upload: openUploadDialog,
      download: (file: FileInfo) => void downloadGlobalFirmware(file),
      editDescription: openDescriptionDialog,
      remove,
    }),
    [remove],
  );
}
