import { useMutation } from '@tanstack/react-query';
import type { TestEmailConfigurationBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { emailConfigurationPath } from './keys';

export interface TestEmailConfigurationInput {
  id: number;
  body: TestEmailConfigurationBody;
}

/** Sends a test mail through the server; its SMTP refusal comes back as a 422 with its words. */
export async function testEmailConfiguration({
  id,
  body,
}: TestEmailConfigurationInput): Promise<void> {
  await api.post<unknown>(`${emailConfigurationPath(id)}/test`, { body });
}

export function useTestEmailConfiguration() {
  return useMutation({ mutationFn: testEmailConfiguration });
}
