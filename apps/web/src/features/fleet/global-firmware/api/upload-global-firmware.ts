import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileInfo } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { FILES_PATH, GLOBAL_FIRMWARE_TYPE, globalFirmwareKeys } from './keys';

export interface GlobalFirmwareUpload {
  file: File;
  description: string;
  /** The uploading user's company, which the file is listed under. */
  companyId: number;
}

/** POST /files (multipart: type, company_id, description, then the file). */
export async function uploadGlobalFirmware(upload: GlobalFirmwareUpload): Promise<FileInfo> {
  const form = new FormData();
  form.append('type', GLOBAL_FIRMWARE_TYPE);
  form.append('company_id', String(upload.companyId));
  if (upload.description) form.append('description', upload.description);
  // The file goes last: the server reads the fields it has seen when the file arrives.
  form.append('file', upload.file, upload.file.name);
  const { data } = await api.post<FileInfo>(FILES_PATH, { body: form });
  return data;
}

export function useUploadGlobalFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadGlobalFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: globalFirmwareKeys.all }),
  });
}
