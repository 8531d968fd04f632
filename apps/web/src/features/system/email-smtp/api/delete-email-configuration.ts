import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailConfigurationPath, emailSmtpKeys } from './keys';

export async function deleteEmailConfiguration(id: number): Promise<void> {
  await api.delete<unknown>(emailConfigurationPath(id));
}

export function useDeleteEmailConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmailConfiguration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailSmtpKeys.all }),
  });
}
