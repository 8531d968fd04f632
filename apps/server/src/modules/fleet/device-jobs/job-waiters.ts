/**
 * Requests waiting for a job to move (a read that needs the device's answer). The step queue
 * wakes them when it applied an ack of their job, so an answer that reached this instance is seen
 * at once; an answer that reached another instance (shared subscriptions) is found by the
 * waiter's own polling, which `next` bounds.
 */
export const createJobWaiters = () => {
  const waiting = new Map<number, Set<() => void>>();

  return {
    /** Wakes the waiters of these jobs. */
    notify(ids: Iterable<number>): void {
      for (const id of ids) {
        const wakes = waiting.get(id);
        if (!wakes) continue;
        waiting.delete(id);
        for (const wake of wakes) wake();
      }
    },

    /** Resolves when the job is notified or after `ms`, whichever comes first. */
    next(id: number, ms: number): Promise<void> {
      return new Promise((resolve) => {
        const wakes = waiting.get(id) ?? new Set<() => void>();
        const wake = () => {
          clearTimeout(timer);
          wakes.delete(wake);
          if (wakes.size === 0 && waiting.get(id) === wakes) waiting.delete(id);
          resolve();
        };
        const timer = setTimeout(wake, Math.max(0, ms));
        wakes.add(wake);
        waiting.set(id, wakes);
      });
    },
  };
};

export type JobWaiters = ReturnType<typeof createJobWaiters>;
