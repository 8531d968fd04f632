import { PGlite } from '@electric-sql/pglite';
import { DiskFullError, isOutOfDiskSpace } from './pglite-disk-full';

/** How often, at most, a full DATA_DIR is looked at again (one statfs). */
const CHECK_EVERY_MS = 1_000;

export type PgliteRecoveryEvent = 'full' | 'reopened' | 'reopen-failed' | 'close-failed';

export interface PgliteRecoveryOptions {
  /** Opens the embedded database again on the same data directory, which replays its WAL. */
  reopen: () => Promise<PGlite>;
  /** Whether DATA_DIR has room again for the database's writes. */
  hasRoom: () => Promise<boolean>;
  onEvent?: (event: PgliteRecoveryEvent, error?: unknown) => void;
  now?: () => number;
}

/**
 * A PGlite instance that has failed a write for lack of space may stay broken after the space is
 * freed (seen: PANIC "XLogBeginInsert was already called" on every later write, until the
 * process restarts). Such failures are a PANIC, or the WebAssembly module itself aborting.
 */
const isBroken = (error: unknown): boolean => {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current.name === 'RuntimeError') return true;
    if ((current as { severity?: unknown }).severity === 'PANIC') return true;
  }
  return false;
};

type Entries = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close'>;

/**
 * The embedded database behind one client that outlives its instances: once a statement fails
 * for lack of space in DATA_DIR, the next statement after DATA_DIR has room again closes the
 * instance and opens another on the same directory (PGlite recovers from its WAL, as after a
 * kill -9), without restarting the process. Drizzle and `pgliteOf` hold this client, so they
 * keep working across the swap. Meanwhile statements still go to the old instance (reads mostly
 * work), and what fails there leaves as a disk-full error (a 507 to HTTP clients).
 *
 * The swap assumes no statement runs meanwhile: the gate put in front of query, exec and
 * transaction (pglite-gate.ts) runs it as one statement's turn.
 */
export const createRecoverablePglite = (first: PGlite, options: PgliteRecoveryOptions): PGlite => {
  const { onEvent = () => undefined, now = () => performance.now() } = options;
  let current: PGlite | null = first;
  let full = false;
  let checkedAt = 0;

  const recover = async () => {
    if (now() - checkedAt < CHECK_EVERY_MS) return;
    checkedAt = now();
    if (!(await options.hasRoom().catch(() => false))) return;
    const broken = current;
    current = null;
    // A broken instance may fail to shut down; its WAL already holds every commit.
    await broken?.close().catch((error: unknown) => onEvent('close-failed', error));
    try {
      current = await options.reopen();
      full = false;
      onEvent('reopened');
    } catch (error) {
      // Tried again at the next check; statements are refused meanwhile.
      onEvent('reopen-failed', error);
    }
  };

  const guarded =
    <A extends unknown[], R>(call: (client: PGlite, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (full) await recover();
      const client = current;
      if (!client) throw new DiskFullError();
      try {
        return await call(client, ...args);
      } catch (error) {
        if (isOutOfDiskSpace(error)) {
          if (!full) onEvent('full', error);
          full = true;
          checkedAt = now();
          throw error;
        }
        if (full && isBroken(error)) throw new DiskFullError(error);
        throw error;
      }
    };

  const entries: Entries = {
    query: guarded((client, ...args: Parameters<PGlite['query']>) =>
      client.query(...args),
    ) as PGlite['query'],
    exec: guarded((client, ...args: Parameters<PGlite['exec']>) => client.exec(...args)),
    transaction: guarded((client, callback: Parameters<PGlite['transaction']>[0]) =>
      client.transaction(callback),
    ) as PGlite['transaction'],
    async close() {
      // A broken instance may fail to shut down: its WAL holds every commit for the next start.
      await current?.close().catch((error: unknown) => {
        if (!full) throw error;
        onEvent('close-failed', error);
      });
    },
  };
  // `pgliteOf` tells the embedded database by its class; everything else the client offers goes
  // to the current instance.
  const stand = Object.assign(Object.create(PGlite.prototype) as object, entries);
  return new Proxy(stand, {
    get(target, key) {
      if (Object.hasOwn(target, key)) return Reflect.get(target, key) as unknown;
      if (!current) throw new DiskFullError();
      const value = Reflect.get(current, key) as unknown;
      return typeof value === 'function' ? (value as () => unknown).bind(current) : value;
    },
  }) as PGlite;
};
