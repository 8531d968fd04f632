import { useCallback } from 'react';
import { isApiError } from '@/lib/api-client';
import { toast } from './toast';

/** `promise.catch(failureToast('Failed to …'))`: the server's message, else the fallback. */
export function useFailureToast(): (fallback: string) => (error: unknown) => void {
  return useCallback(
    (fallback: string) => (error: unknown) => {
      toast.error(isApiError(error) ? error.message : fallback);
    },
    [],
  );
}
