import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportPath } from './keys';

/**
 * POST /reports/{id}/generate: answers at once with a status channel (`meta.channel`) on which
 * the template's id reports started, then completed with a link to the generated report, or error.
 */
export async function generateReport(id: number): Promise<string> {
  const response = await api.post<unknown>(`${reportPath(id)}/generate`);
  const channel = response.meta?.channel;
  if (typeof channel !== 'string' || channel === '') throw new Error('No status channel');
  return channel;
}

export function useGenerateReport() {
  return useMutation({ mutationFn: generateReport });
}
