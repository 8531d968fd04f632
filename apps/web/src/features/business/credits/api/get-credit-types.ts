import { useQuery } from '@tanstack/react-query';
import type { CreditType } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { CREDIT_TYPES_PATH, creditsKeys } from './keys';

/** The types the user may see, titled for them (the server hides free ones from non-super admins). */
export async function getCreditTypes(signal?: AbortSignal): Promise<CreditType[]> {
  const { data } = await api.get<CreditType[]>(CREDIT_TYPES_PATH, { signal });
  return data;
}

export function useCreditTypes() {
  return useQuery({
    queryKey: creditsKeys.types(),
    queryFn: ({ signal }) => getCreditTypes(signal),
    // A fixed catalogue: asked once per session.
    staleTime: Infinity,
  });
}
