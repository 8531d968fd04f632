import type { TableQuery } from '@/components/data-table';

export const ACCESS_RULES_PATH = '/devices/remote-access';
export const CONNECT_PATH = '/devices/connect';
export const sessionPath = (id: number) => `${CONNECT_PATH}/sessions/${id}`;

export type LinkType = 'webui' | 'cli';

export const remoteAccessKeys = {
  all: ['remote-access'] as const,
  rules: () => [...remoteAccessKeys.all, 'rules'] as const,
  /** `deviceId` is set for one device's rules (the device page's ports and access tab). */
  list: (query: TableQuery, deviceId?: number) =>
    [...remoteAccessKeys.rules(), 'list', deviceId ?? null, query] as const,
  detail: (id: number) => [...remoteAccessKeys.rules(), 'detail', id] as const,
  /** Sessions and links: anything that changes when a session starts or ends. */
  sessions: () => [...remoteAccessKeys.all, 'sessions'] as const,
  ruleSessions: (accessId: number, activeOnly: boolean) =>
    [...remoteAccessKeys.sessions(), 'rule', accessId, activeOnly] as const,
  links: (deviceId: number, type: LinkType) =>
    [...remoteAccessKeys.sessions(), 'links', deviceId, type] as const,
  deviceOptions: (search: string) => [...remoteAccessKeys.all, 'device-options', search] as const,
};
