// Routes `vpn.hubs`, `vpn.hub` (/vpn/hubs/:id/:tab?), `vpn.quick-connect` and
// `vpn.quick-connect.item` (/vpn/quick-connect/:id/:tab?): the tab is a path segment.
export const VPN_HUBS_ROUTE = '/vpn/hubs';
export const QUICK_CONNECT_ROUTE = '/vpn/quick-connect';
/** Route `vpn.zones` (super admins). */
export const HUB_ZONES_ROUTE = '/vpn/zones';

/** A hub id as a route gives it. */
export const ID_PATTERN = /^[1-9]\d{0,9}$/;

export const HUB_TABS = ['general', 'clients', 'routes', 'data-usage', 'configuration'] as const;
export type HubTab = (typeof HUB_TABS)[number];

export const QUICK_TABS = ['general', 'clients', 'data-usage', 'connection-logs'] as const;
export type QuickTab = (typeof QUICK_TABS)[number];

const withTab = (base: string, tab: string | undefined) =>
  tab === undefined || tab === 'general' ? base : `${base}/${tab}`;

export const hubPath = (id: number, tab?: HubTab): string =>
  withTab(`${VPN_HUBS_ROUTE}/${id}`, tab);

export const quickHubPath = (id: number, tab?: QuickTab): string =>
  withTab(`${QUICK_CONNECT_ROUTE}/${id}`, tab);
