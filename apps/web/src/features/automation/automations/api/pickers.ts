import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Automation,
  Company,
  EmailConfiguration,
  Tag,
  TaskGroup,
  User,
  Webhook,
} from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { automationsKeys } from './keys';

/** An option of the editor's pickers. */
export interface PickerOption {
  value: string;
  label: string;
}

// Spec §7: pickers ask for at most 100 items.
const PICKER_LIMIT = 100;
const SEARCH_LIMIT = 10;

/** The first 100 items of a list, as options filtered in the browser while typing. */
function usePicker<T>(path: string, toOption: (item: T) => PickerOption, enabled: boolean) {
  return useQuery({
    queryKey: automationsKeys.picker(path, ''),
    queryFn: async ({ signal }) =>
      (await api.get<T[]>(path, { query: { limit: PICKER_LIMIT }, signal })).data.map(toOption),
    enabled,
    staleTime: 60_000,
  });
}

export const useUserOptions = (enabled: boolean) =>
  usePicker<Pick<User, 'id' | 'email'>>(
    '/users',
    (user) => ({ value: String(user.id), label: user.email }),
    enabled,
  );

export const useSmtpOptions = (enabled: boolean) =>
  usePicker<Pick<EmailConfiguration, 'id' | 'name' | 'email'>>(
    '/email-configurations',
    (config) => ({ value: String(config.id), label: `${config.name} (${config.email})` }),
    enabled,
  );

export const useWebhookOptions = (enabled: boolean) =>
  usePicker<Pick<Webhook, 'id' | 'url'>>(
    '/webhooks',
    (webhook) => ({ value: String(webhook.id), label: webhook.url }),
    enabled,
  );

export const useTaskGroupOptions = (enabled: boolean) =>
  usePicker<Pick<TaskGroup, 'id' | 'name'>>(
    '/devices/tasks/groups',
    (group) => ({ value: String(group.id), label: group.name }),
    enabled,
  );

export const useTagOptions = (enabled: boolean) =>
  usePicker<Pick<Tag, 'id' | 'name'>>(
    '/tags',
    (tag) => ({ value: String(tag.id), label: tag.name }),
    enabled,
  );

export const useCompanyOptions = (enabled: boolean) =>
  usePicker<Pick<Company, 'id' | 'name'>>(
    '/companies',
    (company) => ({ value: String(company.id), label: company.name }),
    enabled,
  );

export const useAutomationOptions = (enabled: boolean) =>
  usePicker<Pick<Automation, 'id' | 'name'>>(
    '/automations',
    (automation) => ({ value: String(automation.id), label: automation.name }),
    enabled,
  );

/** What the device pickers need of a device. */
export interface DevicePick {
  id: number;
  name: string;
}

/** GET /devices?q=: the devices matching a search. */
export function useDeviceSearch(search: string) {
  return useQuery({
    queryKey: automationsKeys.picker('/devices', search),
    queryFn: async ({ signal }) =>
      (
        await api.get<DevicePick[]>('/devices', {
          query: { fields: 'id,name', limit: SEARCH_LIMIT, q: search || undefined },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /devices?id=: the saved devices of a form (a silence's), so their picker shows names. */
export function useDevicesById(ids: readonly number[]) {
  return useQuery({
    queryKey: automationsKeys.devicesById(ids),
    queryFn: async ({ signal }) =>
      (
        await api.get<DevicePick[]>('/devices', {
          query: { fields: 'id,name', id: ids.join(','), limit: ids.length },
          signal,
        })
      ).data,
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}
