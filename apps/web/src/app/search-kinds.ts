// Global search kinds (spec §2 Global search, §7 Search). The app layer owns them because each
// points at another feature's endpoint and pages.
import { generatePath } from 'react-router';
import {
  GLOBAL_SEARCH_FIELDS,
  GLOBAL_SEARCH_RESULT_FIELDS,
  routeByName,
  type Permission,
} from '@netfleet/contracts';
import { APP_TEXTS } from './i18n/texts';

const KIND_LABELS = APP_TEXTS.search.kinds;

/** One search hit: `id` plus whichever of the requested fields the kind has. */
export interface SearchResult {
  id: number;
  name?: string | null;
  email?: string | null;
  color?: string | null;
}

/** Spec §7: every kind is asked the same; each endpoint skips the names it does not have. */
const SEARCH_REQUEST = {
  searchFields: GLOBAL_SEARCH_FIELDS,
  fields: GLOBAL_SEARCH_RESULT_FIELDS,
} as const;

export interface SearchKind {
  key: string;
  label: string;
  permission: Permission;
  /** Route names the kind opens; it is offered only once all of them are built. */
  routes: readonly string[];
  endpoint: string;
  searchFields: readonly string[];
  fields: readonly string[];
  /** The text a result shows. */
  title: (result: SearchResult) => string;
  /** Where a result leads: its own page, or the table filtered by it. */
  resultPath: (result: SearchResult) => string;
  /** The kind's table filtered by the query ('View in table'). */
  tablePath: (q: string) => string;
}

/** A catalogue route's path with its parameters filled in. */
function routePath(name: string, params: Record<string, string> = {}): string {
  const route = routeByName(name);
  if (!route) throw new Error(`The route catalogue has no ${name} route`);
  return generatePath(route.path, params);
}

const withQuery = (path: string, q: string) => `${path}?q=${encodeURIComponent(q)}`;

// In the spec's order: devices, companies, remote access, VPN hubs, tags, users, files.
export const SEARCH_KINDS: readonly SearchKind[] = [
  {
    key: 'devices',
    label: KIND_LABELS.devices,
    permission: 'view_devices',
    routes: ['devices.list', 'device'],
    endpoint: '/devices',
    ...SEARCH_REQUEST,
    title: (result) => result.name ?? `#${result.id}`,
    resultPath: (result) => routePath('device', { id: String(result.id) }),
    tablePath: (q) => withQuery(routePath('devices.list'), q),
  },
  {
    key: 'companies',
    label: KIND_LABELS.companies,
    permission: 'view_companies',
    routes: ['companies', 'company.info'],
    endpoint: '/companies',
    ...SEARCH_REQUEST,
    title: (result) => result.name ?? `#${result.id}`,
    resultPath: (result) => routePath('company.info', { company_id: String(result.id) }),
    tablePath: (q) => withQuery(routePath('companies'), q),
  },
  {
    key: 'remote-access',
    label: KIND_LABELS.remoteAccess,
    permission: 'view_device_remote_access',
    routes: ['remote.access', 'remote.access.item'],
    endpoint: '/devices/remote-access',
    ...SEARCH_REQUEST,
    title: (result) => result.name ?? `#${result.id}`,
    resultPath: (result) => routePath('remote.access.item', { id: String(result.id) }),
    tablePath: (q) => withQuery(routePath('remote.access'), q),
  },
  {
    key: 'vpn-hubs',
    label: KIND_LABELS.vpnHubs,
    permission: 'view_vpn_hubs',
    routes: ['vpn.hubs', 'vpn.hub'],
    endpoint: '/vpn/hubs',
    ...SEARCH_REQUEST,
    title: (result) => result.name ?? `#${result.id}`,
    // A quick hub found here opens on its own page (the hub page sends it there).
    resultPath: (result) => routePath('vpn.hub', { id: String(result.id) }),
    tablePath: (q) => withQuery(routePath('vpn.hubs'), q),
  },
  {
    key: 'tags',
    label: KIND_LABELS.tags,
    permission: 'view_tags',
    routes: ['tags', 'tag'],
    endpoint: '/tags',
    ...SEARCH_REQUEST,
    title: (result) => result.name ?? `#${result.id}`,
    resultPath: (result) => routePath('tag', { id: String(result.id) }),
    tablePath: (q) => withQuery(routePath('tags'), q),
  },
  {
    key: 'users',
    label: KIND_LABELS.users,
    permission: 'view_users',
    routes: ['users.list'],
    endpoint: '/users',
    ...SEARCH_REQUEST,
    title: (result) => result.email ?? `#${result.id}`,
    // Users have no page of their own: the table filtered by the address.
    resultPath: (result) => withQuery(routePath('users.list'), result.email ?? ''),
    tablePath: (q) => withQuery(routePath('users.list'), q),
  },
  {
    key: 'files',
    label: KIND_LABELS.files,
    permission: 'view_files',
    routes: ['files'],
    endpoint: '/files',
    ...SEARCH_REQUEST,
    title: (result) => result.name ?? `#${result.id}`,
    // Files have no page of their own: the table filtered by the name.
    resultPath: (result) => withQuery(routePath('files'), result.name ?? ''),
    tablePath: (q) => withQuery(routePath('files'), q),
  },
];
