/**
 * Devices rows rewritten per second at most. A devices row is wide and indexed many times over
 * (sort columns), so a rewrite is the embedded database's costliest write per row: half a
 * millisecond while the trigram search indexes were on it, a fraction of that since they moved to
 * device_search, and the statement holds the main thread while it runs. Past this budget the
 * rows are rewritten less often, longest-waiting first (every 33 s at 10k devices).
 */
const LATEST_ROWS_PER_SECOND = 300;
/** The budget of at most this long is spent at once. */
const MAX_BUDGET_SECONDS = 10;
/** Foreground work started this recently means the console is busy (lib/foreground.ts). */
export const LATEST_QUIET_MS = 1_000;
/**
 * While foreground work keeps coming (requests, the acknowledgements of a bulk action) the devices
 * rows wait, for this long at most, and the budget of the time waited is spent after: during a 10k
 * reboot their rewrites (latest readings and Wi-Fi rows) took a third of the embedded database.
 */
const DEFER_MAX_MS = 10_000;

/**
 * How many devices rows a flush at `at` (epoch ms) may rewrite: the budget of the time since the
 * last flush that rewrote any, or none while `busy()` says the console is waiting for the database.
 */
export const createLatestBudget = (busy: () => boolean) => {
  let spentAt = 0;
  let deferredAt: number | null = null;
  return (at: number): number => {
    if (busy()) {
      deferredAt ??= at;
      if (at - deferredAt < DEFER_MAX_MS) return 0;
    }
    deferredAt = null;
    const seconds = Math.min(MAX_BUDGET_SECONDS, (at - spentAt) / 1000);
    spentAt = at;
    return Math.max(1, Math.round(LATEST_ROWS_PER_SECOND * seconds));
  };
};
