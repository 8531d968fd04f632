import type { UseConfigTemplateBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { TEMPLATES_PATH } from './keys';

/** Sends the template to the devices; the answer's meta names the action (`action_name`). */
export const applyTemplate = (templateId: number, body: UseConfigTemplateBody) =>
  api.post<unknown>(`${TEMPLATES_PATH}/${templateId}/use`, { body });
