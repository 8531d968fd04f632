import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Credentials } from '../model/credentials';
import { sftpPath } from '../paths';

export function useSftpLogin(sessionId: number) {
  return useMutation({
    mutationFn: (body: Credentials) => api.post<unknown>(sftpPath(sessionId, 'login'), { body }),
  });
}
