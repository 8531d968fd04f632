import { pathForRouteName } from '@netfleet/contracts';
import { generatePath } from 'react-router';

/** The device page, optionally at a tab (and sub tab): /devices/{id}/{tab}/{sub}. */
export const devicePath = (id: number, tab?: string, sub?: string): string =>
  ['/devices', String(id), tab, tab ? sub : undefined].filter(Boolean).join('/');

export const DEVICES_ROUTE = '/management/devices';

/** An automation's page (the alerts feature's route, from the catalogue: features stay apart). */
export const automationPath = (id: number): string =>
  generatePath(pathForRouteName('automations.item') ?? '/management/automations/:id', {
    id: String(id),
  });
