import { vi } from 'vitest';

/**
 * `vi.waitFor` with room for a loaded two-core CI machine: its 1 s default is shorter than a
 * database round trip or two there. A check that passes returns at once, so passing tests do not
 * slow down.
 */
export const eventually = <T>(check: () => T | Promise<T>) =>
  vi.waitFor(check, { timeout: 10_000 });
