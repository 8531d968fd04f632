import type { TableQuery } from '@/components/data-table';

export const HUBS_PATH = '/vpn/hubs';
export const HOST_PATH = `${HUBS_PATH}/host`;
export const ZONES_PATH = `${HUBS_PATH}/zones`;
export const QUICK_CREATE_PATH = `${HUBS_PATH}/connect`;
export const HUB_USERS_PATH = `${HUBS_PATH}/users`;
export const CUSTOM_USERS_PATH = `${HUB_USERS_PATH}/custom`;
export const ROUTES_PATH = `${HUBS_PATH}/routes`;

export const hubApiPath = (id: number) => `${HUBS_PATH}/${id}`;
export const hubUserPath = (clientId: number) => `${HUB_USERS_PATH}/${clientId}`;

/** Which hubs a list shows: the ordinary ones (/vpn/hubs) or the quick connect ones. */
export type HubKind = 'hubs' | 'quick';

export const vpnKeys = {
  all: ['vpn'] as const,
  host: () => [...vpnKeys.all, 'host'] as const,
  zones: () => [...vpnKeys.all, 'zones'] as const,
  hubs: () => [...vpnKeys.all, 'hubs'] as const,
  list: (kind: HubKind, query: TableQuery) => [...vpnKeys.hubs(), 'list', kind, query] as const,
  detail: (id: number) => [...vpnKeys.hubs(), 'detail', id] as const,
  /** Everything of one hub below the hub itself: clients, routes, options, usage, logs. */
  hub: (id: number) => [...vpnKeys.all, 'hub', id] as const,
  clients: (id: number) => [...vpnKeys.hub(id), 'clients'] as const,
  clientList: (id: number, query: TableQuery) => [...vpnKeys.clients(id), 'list', query] as const,
  deviceClients: (id: number) => [...vpnKeys.clients(id), 'devices'] as const,
  config: (clientId: number) => [...vpnKeys.all, 'config', clientId] as const,
  routes: (id: number) => [...vpnKeys.hub(id), 'routes'] as const,
  dhcp: (id: number) => [...vpnKeys.hub(id), 'dhcp'] as const,
  usage: (id: number, days: number, clientId: number | null) =>
    [...vpnKeys.hub(id), 'usage', days, clientId] as const,
  connectionLogs: (id: number, query: TableQuery) =>
    [...vpnKeys.hub(id), 'connection-logs', query] as const,
  downloads: (id: number) => [...vpnKeys.hub(id), 'downloads'] as const,
  options: (endpoint: string, search: string, extra: string) =>
    [...vpnKeys.all, 'options', endpoint, extra, search] as const,
};
