import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sftpPath } from '../paths';
import { connectKeys } from './keys';

export function useSftpMkdir(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (path: string) =>
      api.post<unknown>(sftpPath(sessionId, 'mkdir'), { body: { path } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectKeys.sftp(sessionId) }),
  });
}
