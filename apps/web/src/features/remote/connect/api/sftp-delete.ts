import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sftpPath } from '../paths';
import { connectKeys } from './keys';

export function useSftpDelete(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (path: string) =>
      api.delete<unknown>(sftpPath(sessionId, 'entry'), { body: { path } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectKeys.sftp(sessionId) }),
  });
}
