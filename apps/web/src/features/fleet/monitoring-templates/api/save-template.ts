import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateMonitoringTemplateBody,
  MonitoringTemplate,
  UpdateMonitoringTemplateBody,
} from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { TEMPLATES_PATH, templatesKeys } from './keys';

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateMonitoringTemplateBody) =>
      (await api.post<MonitoringTemplate>(TEMPLATES_PATH, { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.all }),
  });
}

export function useUpdateTemplate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateMonitoringTemplateBody) =>
      (await api.put<MonitoringTemplate>(`${TEMPLATES_PATH}/${id}`, { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.all }),
  });
}
