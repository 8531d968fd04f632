import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isAbortError } from '@/lib/api-client';
import { connectKeys } from '../api/keys';
import { uploadSftpFile } from '../api/sftp-upload';
import type { Upload } from './upload-progress';

/** Uploads side by side, each with its progress; the folder's list refreshes as each lands. */
export function useSftpUploads(sessionId: number) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const lastId = useRef(0);
  // Leaving the screen cancels whatever is still on its way. Made in the effect: StrictMode's
  // trial unmount would otherwise abort, for good, a controller made once with the component.
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);

  const update = (id: number, change: Partial<Upload>) =>
    setUploads((current) =>
      current.map((item) => (item.id === id ? { ...item, ...change } : item)),
    );

  const start = (files: readonly File[], dir: string) => {
    for (const file of files) {
      lastId.current += 1;
      const id = lastId.current;
      setUploads((current) => [
        ...current,
        { id, name: file.name, progress: 0, status: 'uploading' },
      ]);
      uploadSftpFile(
        sessionId,
        dir,
        file,
        (progress) => update(id, { progress }),
        controller.current?.signal,
      )
        .then(() => {
          update(id, { progress: 1, status: 'done' });
          return queryClient.invalidateQueries({ queryKey: connectKeys.sftpList(sessionId, dir) });
        })
        .catch((error: unknown) => {
          if (isAbortError(error)) return;
          update(id, {
            status: 'failed',
            error: error instanceof Error ? error.message : String(error),
          });
        });
    }
  };
  const clearFinished = () =>
    setUploads((current) => current.filter((item) => item.status === 'uploading'));

  return { uploads, start, clearFinished };
}
