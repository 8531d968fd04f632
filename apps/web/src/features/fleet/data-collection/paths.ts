export const DATA_COLLECTION_ROUTE = '/monitoring-templates/data-collection';
export const CREATE_CONFIG_ROUTE = `${DATA_COLLECTION_ROUTE}/create`;

/** A config id as a route gives it. */
export const ID_PATTERN = /^[1-9]\d{0,9}$/;

export const editConfigPath = (id: number): string => `${DATA_COLLECTION_ROUTE}/edit/${id}`;
export const configPath = (id: number): string => `${DATA_COLLECTION_ROUTE}/${id}`;

// A config's page has one route; its tab is a query parameter, so each tab can be linked and the
// browser goes back from one tab to the other.
export const TAB_PARAM = 'tab';
export const CONFIG_TABS = ['devices', 'logs', 'data'] as const;
export type ConfigTab = (typeof CONFIG_TABS)[number];

/** The tab a URL names; the devices when it names none (or an unknown one). */
export const readTab = (value: string | null): ConfigTab =>
  CONFIG_TABS.find((tab) => tab === value) ?? 'devices';

/** The tab's query; the devices need none. */
export const tabSearch = (tab: ConfigTab): string =>
  tab === 'devices' ? '' : `?${new URLSearchParams({ [TAB_PARAM]: tab })}`;
