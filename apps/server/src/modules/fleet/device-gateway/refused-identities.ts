import type { FastifyBaseLogger } from 'fastify';

/** One enrolment refused because its serial belongs to another registered device (code 7). */
export interface RefusedIdentity {
  /** The registered device the serial collides with. */
  deviceId: number;
  serial: string;
  mac: string | null;
  imei: string | null;
  model: string;
  firmware: string;
  ip: string | null;
  claimSecretHash: string;
  at: Date;
}

/** The attempts of one identity since the last flush, folded into one row. */
export interface RefusedAttempts extends RefusedIdentity {
  attempts: number;
  firstAt: Date;
}

/** Where the flushed attempts go (the approved devices module's repository). */
export interface RefusalStore {
  record(attempts: readonly RefusedAttempts[]): Promise<void>;
}

/** Identities past this many wait for the next flush no more: a flood is dropped, not hoarded. */
const MAX_IDENTITIES = 10_000;

const keyOf = (entry: Pick<RefusedIdentity, 'deviceId' | 'mac' | 'imei'>) =>
  `${entry.deviceId}|${entry.mac ?? ''}|${entry.imei ?? ''}`;

const fold = (into: RefusedAttempts, next: RefusedAttempts): RefusedAttempts => {
  const [first, last] = into.at <= next.at ? [into, next] : [next, into];
  return {
    ...last,
    attempts: into.attempts + next.attempts,
    firstAt: first.firstAt < last.firstAt ? first.firstAt : last.firstAt,
  };
};

/**
 * Refused identities waiting for the gateway's next flush (one statement for all of them, as the
 * connection log): a device retrying every few seconds adds attempts to its entry, not rows.
 */
export const createRefusalBuffer = (maxIdentities = MAX_IDENTITIES) => {
  let entries = new Map<string, RefusedAttempts>();
  const merge = (entry: RefusedAttempts) => {
    const key = keyOf(entry);
    const known = entries.get(key);
    if (known) entries.set(key, fold(known, entry));
    else if (entries.size < maxIdentities) entries.set(key, entry);
  };
  return {
    add(refused: RefusedIdentity) {
      merge({ ...refused, attempts: 1, firstAt: refused.at });
    },
    get size() {
      return entries.size;
    },
    drain(): RefusedAttempts[] {
      const drained = [...entries.values()];
      entries = new Map();
      return drained;
    },
    /** Puts a failed flush's entries back, folded with what arrived meanwhile. */
    restore(drained: readonly RefusedAttempts[]) {
      for (const entry of drained) merge(entry);
    },
  };
};

export type RefusalBuffer = ReturnType<typeof createRefusalBuffer>;

/** A flush's part: the buffered attempts in one statement; kept for the next flush on failure. */
export const storeRefusals = async (
  buffer: RefusalBuffer,
  store: RefusalStore,
  log: Pick<FastifyBaseLogger, 'error'>,
) => {
  const attempts = buffer.drain();
  if (attempts.length === 0) return;
  try {
    await store.record(attempts);
  } catch (error) {
    buffer.restore(attempts);
    log.error({ err: error }, 'refused device identities not stored; retrying');
  }
};
