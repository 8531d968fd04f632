import type { ConfigAction } from '@netfleet/contracts';
import { CONFIG_TEXTS as T } from '../texts';

/** How often an action's counts and devices are read again while devices are still working. */
export const LIVE_REFRESH_MS = 2000;

/** Some device has yet to report how it took the action. */
export const isActionRunning = (action: Pick<ConfigAction, 'pending'>): boolean =>
  action.pending > 0;

/** A read changes nothing, so there is nothing to roll back. */
export const canRollBack = (action: Pick<ConfigAction, 'kind'>): boolean => action.kind !== 'read';

/** What an action is called: a rollback after the action it undoes. */
export const actionTitle = (action: Pick<ConfigAction, 'name' | 'rollback_of'>): string =>
  action.rollback_of === null ? action.name : T.rollbackOf(action.rollback_of);
