import type { PGlite } from '@electric-sql/pglite';
import { inForeground } from '@/lib/foreground';

/**
 * Background work goes ahead of waiting foreground work once it has waited this long, so a console
 * that is never idle still gets its readings stored.
 */
const BACKGROUND_MAX_WAIT_MS = 500;

interface Waiter {
  since: number;
  go: () => void;
}

/**
 * One statement (or transaction) at a time, like PGlite's own lock, but foreground work waiting
 * goes first (lib/foreground.ts), unless the oldest background work has waited too long.
 */
export const createPriorityGate = (now: () => number = () => performance.now()) => {
  const foreground: Waiter[] = [];
  const background: Waiter[] = [];
  let busy = false;

  const choose = () => {
    const [oldest] = background;
    const overdue = oldest !== undefined && now() - oldest.since >= BACKGROUND_MAX_WAIT_MS;
    return (overdue ? background.shift() : foreground.shift()) ?? background.shift();
  };

  /**
   * The next statement is chosen after a turn of the event loop, also when none is waiting yet. PGlite runs statements
   * synchronously and hands over through promises, so a queue of statements would otherwise run
   * back to back in one microtask checkpoint: a request arriving meanwhile could not even be read
   * off its socket (nor the broker thread's messages) until the whole queue had run, which made
   * 1000-device actions take seconds during a reboot storm although the gate puts them first.
   */
  const next = () => {
    // Held through the turn even with nobody waiting: a caller that issues its next statement as
    // soon as the last one resolved (the task engine's batches, a flush of several statements)
    // would otherwise run them all in one microtask chain and starve I/O just the same. Seen: the
    // engine's ten 1000-device transactions held the event loop for 2.7 s.
    setImmediate(() => {
      const waiter = choose();
      if (waiter) waiter.go();
      else busy = false;
    });
  };

  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (busy) {
      const queue = inForeground() ? foreground : background;
      await new Promise<void>((go) => queue.push({ since: now(), go }));
    }
    busy = true;
    try {
      return await fn();
    } finally {
      next();
    }
  };
};

type Gated = Pick<PGlite, 'query' | 'exec' | 'transaction'>;

/**
 * Puts the gate in front of the client's public entry points. Statements inside a transaction go
 * through its own handle, which the gate already let in, so they never wait for themselves.
 */
export const gatePglite = (client: PGlite) => {
  const gate = createPriorityGate();
  const target = client as Gated;
  const query = target.query.bind(client);
  const exec = target.exec.bind(client);
  const transaction = target.transaction.bind(client);
  target.query = ((...args: Parameters<Gated['query']>) =>
    gate(() => query(...args))) as Gated['query'];
  target.exec = (...args) => gate(() => exec(...args));
  target.transaction = ((callback: Parameters<Gated['transaction']>[0]) =>
    gate(() => transaction(callback))) as Gated['transaction'];
};
