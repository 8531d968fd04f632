import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** Devices are split into this many partitions (device id modulo); each has one owner. */
export const PARTITIONS = 64;
const HEARTBEAT_MS = 5_000;
/** A lease not renewed for this long is free: its instance died. */
const LEASE_MS = 15_000;

const RENEW_IF_OWNED = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;
const DELETE_IF_OWNED = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

export const partitionOf = (deviceId: number) => deviceId % PARTITIONS;

export interface PartitionChange {
  gained: number[];
  lost: number[];
}

export interface PartitionLeasesDeps {
  redis: Redis;
  /** Keys of one deployment (instances of other deployments may share the Redis). */
  namespace: string;
  /** This instance (INSTANCE_URL plus a start nonce: a restarted instance is a new one). */
  self: string;
  onChange(change: PartitionChange): void;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  heartbeatMs?: number;
}

/**
 * Which instance evaluates each partition's devices (design §4.5): leases in Redis, renewed every
 * 5 s. Each instance keeps about its share (64 / live instances) and releases the excess, so a new
 * instance takes over partitions within two heartbeats and a dead one's expire after 15 s.
 * Every instance reads all owners each heartbeat, to forward inputs it received for others.
 */
export const createPartitionLeases = (deps: PartitionLeasesDeps) => {
  const { redis, namespace, self, log } = deps;
  const leaseKey = (partition: number) => `${namespace}:automations:partition:${partition}`;
  const instancesKey = `${namespace}:automations:instances`;
  const owned = new Set<number>();
  let owners: (string | null)[] = Array.from({ length: PARTITIONS }, () => null);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const liveInstances = async () => {
    const at = Date.now();
    const replies = await redis
      .multi()
      .zadd(instancesKey, at, self)
      .zremrangebyscore(instancesKey, '-inf', at - LEASE_MS)
      .zcard(instancesKey)
      .exec();
    return Math.max(1, Number(replies?.[2]?.[1] ?? 1));
  };

  const heartbeat = async () => {
    const target = Math.ceil(PARTITIONS / (await liveInstances()));
    const before = new Set(owned);
    // One round trip for all renewals, not one per partition.
    const mine = [...owned];
    const renewals = await redis
      .pipeline(
        mine.map((partition) => ['eval', RENEW_IF_OWNED, '1', leaseKey(partition), self, LEASE_MS]),
      )
      .exec();
    mine.forEach((partition, i) => {
      const [error, kept] = renewals?.[i] ?? [null, 0];
      if (error || Number(kept) !== 1) owned.delete(partition);
    });
    // Release the excess, highest first, so instances converge on the same split.
    for (const partition of [...owned].sort((a, b) => b - a)) {
      if (owned.size <= target) break;
      await redis.eval(DELETE_IF_OWNED, 1, leaseKey(partition), self);
      owned.delete(partition);
    }
    // Claim free ones, starting at a point of our own so instances do not all race for the same.
    const start = [...self].reduce((sum, char) => sum + char.charCodeAt(0), 0) % PARTITIONS;
    for (let step = 0; step < PARTITIONS && owned.size < target; step++) {
      const partition = (start + step) % PARTITIONS;
      if (owned.has(partition)) continue;
      const set = await redis.set(leaseKey(partition), self, 'PX', LEASE_MS, 'NX');
      if (set === 'OK') owned.add(partition);
    }
    owners = await redis.mget(Array.from({ length: PARTITIONS }, (_, i) => leaseKey(i)));
    const gained = [...owned].filter((partition) => !before.has(partition));
    const lost = [...before].filter((partition) => !owned.has(partition));
    if (gained.length || lost.length) deps.onChange({ gained, lost });
  };

  const beat = () => {
    running = running
      .then(() => (closed ? undefined : heartbeat()))
      .catch((error: unknown) => log.error({ err: error }, 'automation partitions not renewed'));
    return running;
  };

  return {
    owns: (deviceId: number) => owned.has(partitionOf(deviceId)),
    /** The instance owning the device's partition (null: none right now). */
    ownerOf: (deviceId: number) => owners[partitionOf(deviceId)] ?? null,
    owned: () => [...owned].sort((a, b) => a - b),
    /** Claims this instance's share before the runtime restores what it owns. */
    async start() {
      await beat();
      timer = setInterval(() => void beat(), deps.heartbeatMs ?? HEARTBEAT_MS);
      timer.unref();
    },
    /** Another heartbeat now (tests). */
    beat,
    /** Hands the partitions back at once, so the others take them at their next heartbeat. */
    async close() {
      clearInterval(timer);
      await running;
      closed = true;
      const mine = [...owned];
      owned.clear();
      await Promise.all(
        mine.map((partition) => redis.eval(DELETE_IF_OWNED, 1, leaseKey(partition), self)),
      ).catch((error: unknown) => log.warn({ err: error }, 'automation partitions not released'));
      await redis.zrem(instancesKey, self).catch(() => undefined);
    },
  };
};

export type PartitionLeases = ReturnType<typeof createPartitionLeases>;
