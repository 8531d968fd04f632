export const AUTOMATIONS_ROUTE = '/management/automations';
export const CREATE_AUTOMATION_ROUTE = `${AUTOMATIONS_ROUTE}/create`;
/** Route `automations.silences`: a static segment, preferred by the router to `:id`. */
export const SILENCES_ROUTE = `${AUTOMATIONS_ROUTE}/silences`;

/** An automation id as a route gives it. */
export const ID_PATTERN = /^[1-9]\d{0,9}$/;

// Route `automations.item` is `/management/automations/:id/:tab?`: the tab is a path segment.
export type AutomationTab = 'devices' | 'logs';

export const automationPath = (id: number, tab: AutomationTab = 'devices'): string =>
  tab === 'devices' ? `${AUTOMATIONS_ROUTE}/${id}` : `${AUTOMATIONS_ROUTE}/${id}/${tab}`;
export const editAutomationPath = (id: number): string => `${AUTOMATIONS_ROUTE}/edit/${id}`;
