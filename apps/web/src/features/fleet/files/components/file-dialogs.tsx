import type { FileInfo } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { FILES_TEXTS as T } from '../texts';
import { DescriptionForm } from './description-form';
import { UploadForm, type UploadCompany } from './upload-form';

/** The upload dialog; from a company's files tab the company comes chosen. */
export function openUploadDialog(company?: UploadCompany): void {
  dialogs.open({
    id: 'files.upload',
    title: T.upload,
    size: 'md',
    main: true,
    content: <UploadForm company={company} />,
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
