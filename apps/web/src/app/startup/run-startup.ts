// Spec §4 Startup as a plain async function so it can be tested without React:
// offline check → GET /user (30 s) → per-user storage → ready, or the outcome that replaces the app.
import { isBlockingErrorCode, type BlockingErrorCode, type CurrentUser } from '@netfleet/contracts';
import { isApiError, type ApiError } from '@/lib/api-client';
import { clearFailures, maintenanceDue, recordFailure } from '@/lib/failure-counters';
import { loginUrl } from '@/lib/session-hooks';
import { MESSAGE_TEXTS } from '@/lib/messages';

export const OFFLINE_PAGE = '/offline.html';
const TIMEOUT = 408;

export type StartupOutcome =
  | { kind: 'ready'; user: CurrentUser }
  | { kind: 'redirect'; location: string }
  | { kind: 'notice'; code: BlockingErrorCode }
  /** `reason`: why the user could not be loaded, when that is what stopped the start. */
  | { kind: 'maintenance'; reason?: string };

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
    // Before the 401 rule: these come as 401s, yet the session is fine, only blocked.
    if (isBlockingErrorCode(error.code)) return { kind: 'notice', code: error.code };
    if (error.status === 401)
      return { kind: 'redirect', location: loginUrl(deps.currentLocation()) };
    // Any other error without a stack trace shows maintenance (spec §4 Startup); it is counted,
    // and from the third one on maintenance shows before even asking (maintenanceDue above).
    recordFailure('userRequestFailures');
    return { kind: 'maintenance', reason: userLoadFailure(error, deps.isOnline()) };
  }
  clearFailures('userRequestFailures');
  await deps.loadStorage();
  return { kind: 'ready', user };
}

/** Spec §8 User load: the timeout's own text, the offline advice, else the server's words. */
function userLoadFailure(error: ApiError, online: boolean): string {
  if (error.status === TIMEOUT) return error.message || MESSAGE_TEXTS.userRequestTimeout;
  if (error.status === 0 && !online) return MESSAGE_TEXTS.offline;
  return error.errors[0]?.message || MESSAGE_TEXTS.userDataFailed;
}

/** Spec §4: service workers are unregistered on load (an old one could serve a stale app). */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
}
