import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { personalAccessTokenSchema, type PersonalAccessToken } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { accountKeys, TOKENS_PATH } from './keys';

const tokenListSchema = z.array(personalAccessTokenSchema);

export async function getTokens(signal?: AbortSignal): Promise<PersonalAccessToken[]> {
  const { data } = await api.get<unknown>(TOKENS_PATH, { signal });
  return tokenListSchema.parse(data);
}

export function useTokens() {
  return useQuery({ queryKey: accountKeys.tokens(), queryFn: ({ signal }) => getTokens(signal) });
}
