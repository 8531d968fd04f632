import type { FileInfo } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { FILES_TEXTS as T } from '../texts';
import { DescriptionForm } from './description-form';
import { UploadForm } from './upload-form';

export function openUploadDialog(): void {
  dialogs.open({
    id: 'files.upload',
    title: T.upload,
    size: 'md',
    main: true,
    content: <UploadForm />,
  });
}

export function openDescriptionDialog(file: FileInfo): void {
  dialogs.open({
    id: 'files.description',
    title: T.editDescription,
    subtitle: file.name,
    size: 'md',
    main: true,
    content: <DescriptionForm file={file} />,
  });
}
