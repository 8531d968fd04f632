import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sftpPath } from '../paths';
import { connectKeys } from './keys';

export function useSftpRename(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { from: string; to: string }) =>
      api.post<unknown>(sftpPath(sessionId, 'rename'), { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectKeys.sftp(sessionId) }),
  });
}
