export const DATA_COLLECTION_ROUTE = '/monitoring-templates/data-collection';
export const CREATE_CONFIG_ROUTE = `${DATA_COLLECTION_ROUTE}/create`;

/** A config id as a route gives it. */
export const ID_PATTERN = /^[1-9]\d{0,9}$/;

export const editConfigPath = (id: number): string => `${DATA_COLLECTION_ROUTE}/edit/${id}`;
export const configPath = (id: number): string => `${DATA_COLLECTION_ROUTE}/${id}`;

// A config's page has one route; its tab is a query parameter, so each tab can be linked and the
// browser goes back from one tab to the other.
export const TAB_PARAM = 'tab';
export type ConfigTab = 'devices' | 'logs' | 'data';
