import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageInfo, ImageType } from '@netfleet/contracts';
import { uploadForm } from '@/lib/upload';
import { IMAGES_PATH, imagesKeys } from './keys';

/** The one use RMS knows for images. */
const DASHBOARD: ImageType = 'device_dashboard';

export interface ImageUpload {
  image: File;
  companyId: number;
  description: string;
}

/** POST /images (multipart: type, company_id, description, then the image). */
export async function uploadImage(
  upload: ImageUpload,
  onProgress: (fraction: number) => void,
): Promise<ImageInfo> {
  const form = new FormData();
  form.append('type', DASHBOARD);
  form.append('company_id', String(upload.companyId));
  if (upload.description) form.append('description', upload.description);
  form.append('image', upload.image, upload.image.name);
  const { data } = await uploadForm<ImageInfo>(IMAGES_PATH, form, { onProgress });
  return data;
}

export function useUploadImage(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: ImageUpload) => uploadImage(upload, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imagesKeys.all }),
  });
}
