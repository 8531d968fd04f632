import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { savedCredentialSchema } from '@netfleet/contracts';
import { api, isApiError } from '@/lib/api-client';
import { savedCredentialPath } from '../paths';
import { connectKeys } from './keys';

export type SavedCredential = z.infer<typeof savedCredentialSchema>;

/** The credential the user kept for the device, or null when there is none (404 or empty). */
export async function getSavedCredential(
  deviceId: number,
  signal?: AbortSignal,
): Promise<SavedCredential | null> {
  try {
    const { data } = await api.get<SavedCredential | null>(savedCredentialPath(deviceId), {
      signal,
    });
    return data ?? null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useSavedCredential(deviceId: number) {
  return useQuery({
    queryKey: connectKeys.savedCredential(deviceId),
    queryFn: ({ signal }) => getSavedCredential(deviceId, signal),
    staleTime: Infinity,
  });
}
