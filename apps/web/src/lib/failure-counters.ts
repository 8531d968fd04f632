// Spec §4: after 3 failed user requests or 3 failed revoke attempts in this browser session the
// maintenance page shows; the counts live in sessionStorage so reloads keep them.

import {
  MAX_REVOKE_FAILURES,
  MAX_USER_REQUEST_FAILURES,
  SESSION_STORAGE_KEYS,
} from '@netfleet/contracts';

export type FailureCounter = keyof typeof SESSION_STORAGE_KEYS;

export function readFailures(counter: FailureCounter): number {
  const value = Number(sessionStorage.getItem(SESSION_STORAGE_KEYS[counter]));
  return Number.isFinite(value) ? value : 0;
}

export function recordFailure(counter: FailureCounter): number {
  const next = readFailures(counter) + 1;
  sessionStorage.setItem(SESSION_STORAGE_KEYS[counter], String(next));
  return next;
}

export function clearFailures(counter: FailureCounter): void {
  sessionStorage.removeItem(SESSION_STORAGE_KEYS[counter]);
}

export function maintenanceDue(): boolean {
  return (
    readFailures('userRequestFailures') >= MAX_USER_REQUEST_FAILURES ||
    readFailures('revokeFailures') >= MAX_REVOKE_FAILURES
  );
}
