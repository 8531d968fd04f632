import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ConfigTemplate,
  CreateConfigTemplateBody,
  UpdateConfigTemplateBody,
} from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { deviceConfigurationKeys, TEMPLATES_PATH } from './keys';

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateConfigTemplateBody) =>
      (await api.post<ConfigTemplate>(TEMPLATES_PATH, { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceConfigurationKeys.all }),
  });
}

export function useUpdateTemplate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateConfigTemplateBody) =>
      (await api.put<ConfigTemplate>(`${TEMPLATES_PATH}/${id}`, { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceConfigurationKeys.all }),
  });
}
