import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Work someone is waiting for (an API request, a status-channel subscription, a device's
 * acknowledgement on its way to a status channel) against work that can wait a moment (the device
 * gateway's writes of readings and statuses, hellos, logins). The embedded database runs one
 * statement at a time in arrival order: during a reboot storm the gateway's statements queued up
 * in front of each request, and a 1000-device action took 1–4 s instead of 0.3 s. Foreground
 * work is marked with runInForeground; the embedded database's gate (db/pglite-gate.ts) lets it
 * go first.
 */
const marked = new AsyncLocalStorage<{ since: number }>();

/**
 * Work counts as foreground for this long at most: a request that streams a download or waits for
 * a device's answer must not go first for as long as it lasts.
 */
const FOREGROUND_MAX_MS = 2_000;

let lastStarted = Number.NEGATIVE_INFINITY;

/** Runs `fn` (and everything it awaits) as foreground work. */
export const runInForeground = <T>(fn: () => T): T => {
  lastStarted = performance.now();
  return marked.run({ since: lastStarted }, fn);
};

/**
 * Runs `fn` as background work even when called from foreground work: a request that only pokes
 * a worker (the task engine) must not lend the worker's whole batch its place in front.
 */
export const runInBackground = <T>(fn: () => T): T => marked.exit(fn);

/**
 * Whether foreground work started within the last `ms`: work that can wait longer than a moment
 * (rewriting the devices rows with their latest readings) waits until the console is quiet.
 */
export const foregroundWithin = (ms: number): boolean => performance.now() - lastStarted < ms;

/** Whether the caller runs as foreground work that started at most FOREGROUND_MAX_MS ago. */
export const inForeground = (): boolean => {
  const mark = marked.getStore();
  return mark !== undefined && performance.now() - mark.since < FOREGROUND_MAX_MS;
};
