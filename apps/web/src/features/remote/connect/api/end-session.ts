import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionPath } from '../paths';

export function useEndSession(id: number) {
  return useMutation({ mutationFn: () => api.delete<unknown>(sessionPath(id)) });
}
