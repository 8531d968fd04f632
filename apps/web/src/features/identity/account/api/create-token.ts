import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdTokenSchema, type CreatedToken, type CreateTokenBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { accountKeys, TOKENS_PATH } from './keys';

/** The answer is the only place the secret ever appears. */
export async function createToken(body: CreateTokenBody): Promise<CreatedToken> {
  const { data } = await api.post<unknown>(TOKENS_PATH, { body });
  return createdTokenSchema.parse(data);
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.tokens() }),
  });
}
