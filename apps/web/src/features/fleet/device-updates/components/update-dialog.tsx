import type { FileInfo } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import type { UpdateKind } from '../model/update-kinds';
import { KIND_TEXTS } from '../texts';
import { UpdateForm } from './update-form';

/** Sends the file to devices picked in a dialog, after a confirm prompt. */
export function openUpdateDialog(kind: UpdateKind, file: FileInfo): void {
  dialogs.open({
    id: `device-updates.${kind}`,
    title: KIND_TEXTS[kind].rowAction,
    subtitle: file.name,
    size: 'lg',
    main: true,
    content: <UpdateForm kind={kind} file={file} />,
  });
}
