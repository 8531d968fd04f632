import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileInfo, FileType } from '@netfleet/contracts';
import { uploadForm } from '@/lib/upload';
import { FILES_PATH, filesKeys } from './keys';

export interface FileUpload {
  file: File;
  type: FileType;
  companyId: number;
  description: string;
  deviceModel: string | null;
}

/** POST /files (multipart: type, company_id, description, device_model, then the file). */
export async function uploadFile(
  upload: FileUpload,
  onProgress: (fraction: number) => void,
): Promise<FileInfo> {
  const form = new FormData();
  form.append('type', upload.type);
  form.append('company_id', String(upload.companyId));
  if (upload.description) form.append('description', upload.description);
  if (upload.deviceModel) form.append('device_model', upload.deviceModel);
  // The file goes last: the server has read the fields by the time the file arrives.
  form.append('file', upload.file, upload.file.name);
  const { data } = await uploadForm<FileInfo>(FILES_PATH, form, { onProgress });
  return data;
}

export function useUploadFile(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: FileUpload) => uploadFile(upload, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKeys.all }),
  });
}
