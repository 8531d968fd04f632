/**
 * Fixed-window attempt counting per key, in memory. Bounded: expired windows are pruned when the
 * map grows, so a flood of distinct keys cannot grow it without limit.
 */
export const createThrottle = (options: {
  limit: number;
  windowMs: number;
  now: () => number;
  maxKeys?: number;
}) => {
  const maxKeys = options.maxKeys ?? 10_000;
  const windows = new Map<string, { start: number; count: number }>();

  const prune = (at: number) => {
    for (const [key, window] of windows) {
      if (at - window.start >= options.windowMs) windows.delete(key);
    }
    // Still full of live windows: forget the oldest rather than refuse every new key.
    while (windows.size >= maxKeys) {
      const oldest = windows.keys().next().value;
      if (oldest === undefined) break;
      windows.delete(oldest);
    }
  };

  const current = (key: string, at: number) => {
    const window = windows.get(key);
    return window && at - window.start < options.windowMs ? window : undefined;
  };

  return {
    /** Whether the key has used up its window (without counting an attempt). */
    blocked(key: string): boolean {
      return (current(key, options.now())?.count ?? 0) >= options.limit;
    },

    /** Counts an attempt; false when the key had already used up its window. */
    attempt(key: string): boolean {
      const at = options.now();
      let window = current(key, at);
      if (!window) {
        if (windows.size >= maxKeys) prune(at);
        window = { start: at, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count <= options.limit;
    },
  };
};
