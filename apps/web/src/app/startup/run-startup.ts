// Spec §4 Startup as a plain async function so it can be tested without React:
// offline check → GET /user (30 s) → per-user storage → ready, or the outcome that replaces the app.
import {
  isBlockingErrorCode,
  MESSAGES,
  type BlockingErrorCode,
  type CurrentUser,
} from '@netfleet/contracts';
import { isApiError } from '@/lib/api-client';
import { clearFailures, maintenanceDue, recordFailure } from '@/lib/failure-counters';
import { loginUrl } from '@/lib/session-hooks';

export const OFFLINE_PAGE = '/offline.html';

export type StartupOutcome =
  | { kind: 'ready'; user: CurrentUser }
  | { kind: 'redirect'; location: string }
  | { kind: 'notice'; code: BlockingErrorCode }
  | { kind: 'maintenance' }
  | { kind: 'failed'; message: string };

export interface StartupDeps {
  fetchUser: () => Promise<CurrentUser>;
  loadStorage: () => Promise<void>;
  isOnline: () => boolean;
  currentLocation: () => string;
}

export async function runStartup(deps: StartupDeps): Promise<StartupOutcome> {
  if (maintenanceDue()) return { kind: 'maintenance' };
  if (!deps.isOnline()) return { kind: 'redirect', location: OFFLINE_PAGE };

  let user: CurrentUser;
  try {
    user = await deps.fetchUser();
  } catch (error) {
    // Programming errors keep their stack trace and surface (spec: rethrown).
    if (!isApiError(error)) throw error;
    if (error.status === 401)
      return { kind: 'redirect', location: loginUrl(deps.currentLocation()) };
    if (isBlockingErrorCode(error.code)) return { kind: 'notice', code: error.code };
    recordFailure('userRequestFailures');
    if (maintenanceDue()) return { kind: 'maintenance' };
    return { kind: 'failed', message: error.message || MESSAGES.userDataFailed };
  }
  clearFailures('userRequestFailures');
  await deps.loadStorage();
  return { kind: 'ready', user };
}

/** Spec §4: service workers are unregistered on load (an old one could serve a stale app). */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
}
