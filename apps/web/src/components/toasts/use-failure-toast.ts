import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { isApiError } from '@/lib/api-client';

/** `promise.catch(failureToast('Failed to …'))`: the server's message, else the fallback. */
export function useFailureToast(): (fallback: string) => (error: unknown) => void {
  return useCallback(
    (fallback: string) => (error: unknown) => {
      notifications.show({ color: 'red', message: isApiError(error) ? error.message : fallback });
    },
    [],
  );
}
