/** The device page, optionally at a tab (and sub tab): /devices/{id}/{tab}/{sub}. */
export const devicePath = (id: number, tab?: string, sub?: string): string =>
  ['/devices', String(id), tab, tab ? sub : undefined].filter(Boolean).join('/');

export const DEVICES_ROUTE = '/management/devices';
