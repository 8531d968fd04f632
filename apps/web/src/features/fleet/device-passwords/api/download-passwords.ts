import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadFile } from '@/lib/download';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { devicePasswordsKeys, downloadPath } from './keys';

export type DownloadState = 'idle' | 'waiting' | 'done';

/**
 * The batch's one download: the server wipes the passwords as it answers, so a second click is
 * never sent (ignored while waiting; the button is gone once saved). A refusal is a toast; the
 * list is read again either way to show what became of the batch.
 */
export function useDownloadPasswords(batchId: string) {
  const queryClient = useQueryClient();
  const guard = useSubmitGuard();
  const [state, setState] = useState<DownloadState>('idle');
  const download = guard(async () => {
    setState('waiting');
    const saved = await downloadFile(downloadPath(batchId), { filename: 'device-passwords.csv' });
    setState(saved ? 'done' : 'idle');
    void queryClient.invalidateQueries({ queryKey: devicePasswordsKeys.all });
  });
  return { state, download };
}
