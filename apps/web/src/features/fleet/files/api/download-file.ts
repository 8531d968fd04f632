import type { FileInfo } from '@netfleet/contracts';
import { downloadFile as download } from '@/lib/download';
import { FILES_PATH } from './keys';

/** GET /files/{id}/download as a browser download; a failure shows as a toast. */
export const downloadFile = (file: Pick<FileInfo, 'id' | 'name'>) =>
  download(`${FILES_PATH}/${file.id}/download`, { filename: file.name });
