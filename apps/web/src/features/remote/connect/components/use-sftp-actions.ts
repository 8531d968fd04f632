import type { SftpEntry } from '@netfleet/contracts';
import { confirmDialog, promptDialog } from '@/components/dialogs';
import { useSftpDelete } from '../api/sftp-delete';
import { useSftpMkdir } from '../api/sftp-mkdir';
import { useSftpRename } from '../api/sftp-rename';
import { isValidName, joinPath } from '../model/sftp-paths';
import { CONNECT_TEXTS } from '../texts';

/** Rename, new folder and delete in folder `dir`, each asked for in a dialog; failures go to `onError`. */
export function useSftpActions(
  sessionId: number,
  dir: string,
  onError: (message: string | null) => void,
) {
  const renameEntry = useSftpRename(sessionId);
  const makeFolder = useSftpMkdir(sessionId);
  const deleteEntry = useSftpDelete(sessionId);
  const failed = { onError: (error: Error) => onError(error.message) };
  // A name is one path segment: "a/b" would move the entry elsewhere.
  const checked = (name: string | null) => {
    if (name === null) return null;
    if (isValidName(name)) return name;
    onError(CONNECT_TEXTS.invalidName);
    return null;
  };

  return {
    rename: async (entry: SftpEntry) => {
      onError(null);
      const name = checked(
        await promptDialog({
          title: CONNECT_TEXTS.renameTitle(entry.name),
          label: CONNECT_TEXTS.newName,
          initialValue: entry.name,
          confirmText: CONNECT_TEXTS.rename,
        }),
      );
      if (name !== null && name !== entry.name)
        renameEntry.mutate({ from: entry.path, to: joinPath(dir, name) }, failed);
    },
    newFolder: async () => {
      onError(null);
      const name = checked(
        await promptDialog({
          title: CONNECT_TEXTS.newFolder,
          label: CONNECT_TEXTS.folderName,
          confirmText: CONNECT_TEXTS.create,
        }),
      );
      if (name !== null) makeFolder.mutate(joinPath(dir, name), failed);
    },
    remove: async (entry: SftpEntry) => {
      onError(null);
      const confirmed = await confirmDialog({
        title: CONNECT_TEXTS.deleteTitle,
        message: CONNECT_TEXTS.deleteConfirm(entry.name, entry.type === 'directory'),
        confirmText: CONNECT_TEXTS.delete,
        danger: true,
      });
      if (confirmed) deleteEntry.mutate(entry.path, failed);
    },
  };
}
