import { useMutation } from '@tanstack/react-query';
import type { AutomationPreview, AutomationPreviewBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { PREVIEW_PATH } from './keys';

/** POST /automations/preview: the editor's rule replayed over the stored readings. */
export function usePreview() {
  return useMutation({
    mutationFn: async (body: AutomationPreviewBody) =>
      (await api.post<AutomationPreview>(PREVIEW_PATH, { body })).data,
  });
}
