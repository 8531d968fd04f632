import type { FileInfo } from '@netfleet/contracts';
import { downloadFile } from '@/lib/download';
import { FILES_PATH } from './keys';

/** GET /files/{id}/download as a browser download; a failure shows as a toast. */
export const downloadGlobalFirmware = (file: Pick<FileInfo, 'id' | 'name'>) =>
  downloadFile(`${FILES_PATH}/${file.id}/download`, { filename: file.name });
