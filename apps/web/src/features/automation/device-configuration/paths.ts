// The page has one route; its tab and the action shown are query parameters, so an action can be
// linked and the browser goes back from an action to the list and from one tab to the other.
export const DEVICE_CONFIGURATION_ROUTE = '/device-configuration';
export const TAB_PARAM = 'tab';
export const ACTION_PARAM = 'action';

export const CONFIG_TABS = ['templates', 'activity'] as const;
export type ConfigTab = (typeof CONFIG_TABS)[number];

/** The tab's query; the templates need none. */
export const tabSearch = (tab: ConfigTab): string =>
  tab === 'templates' ? '' : `?${new URLSearchParams({ [TAB_PARAM]: tab })}`;

/** One action, on the activity tab. */
export const actionSearch = (name: string): string =>
  `?${new URLSearchParams({ [TAB_PARAM]: 'activity', [ACTION_PARAM]: name })}`;

export const actionLink = (name: string) => ({
  pathname: DEVICE_CONFIGURATION_ROUTE,
  search: actionSearch(name),
});
