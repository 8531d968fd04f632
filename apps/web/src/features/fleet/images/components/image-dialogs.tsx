import type { ImageInfo } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { IMAGES_TEXTS as T } from '../texts';
import { DescriptionForm } from './description-form';
import { ImagePreview } from './image-preview';
import { UploadForm } from './upload-form';

export function openUploadDialog(): void {
  dialogs.open({
    id: 'images.upload',
    title: T.upload,
    size: 'md',
    main: true,
    content: <UploadForm />,
  });
}

export function openDescriptionDialog(image: ImageInfo): void {
  dialogs.open({
    id: 'images.description',
    title: T.editDescription,
    subtitle: image.name,
    size: 'md',
    main: true,
    content: <DescriptionForm image={image} />,
  });
}

export function openPreviewDialog(image: ImageInfo): void {
  dialogs.open({
    id: 'images.preview',
    title: image.name,
    size: 'xl',
    maximizable: true,
    content: <ImagePreview image={image} />,
  });
}
