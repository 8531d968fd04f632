import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { type AutomationInput, createInputRouter, type RuntimeInputs } from './input-router';
import { createPartitionLeases, type PartitionChange } from './partition-leases';

export type ClusterChange = 'rules' | 'silences';

export interface AutomationClusterDeps {
  /** REDIS_URL's client; absent: this instance is alone and evaluates every device. */
  redis: Redis | undefined;
  /** Shared by the deployment's instances: their keys and channels derive from it. */
  jwtSecret: string;
  /** INSTANCE_URL, to name this instance in logs and leases. */
  instanceUrl: string;
  runtime: RuntimeInputs & { partitionsChanged(change: PartitionChange): void };
  /** Rules or silences changed, here or on another instance: reload them. */
  onChanged(change: ClusterChange): void;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  heartbeatMs?: number;
}

/** The keys' prefix of one deployment: other deployments (or test apps) may share the Redis. */
export const namespaceOf = (jwtSecret: string) =>
  `netfleet:${createHash('sha256').update(`automations:${jwtSecret}`).digest('hex').slice(0, 16)}`;

/**
 * One evaluation per device across instances (design §4.5): partitions leased in Redis, inputs
 * forwarded to their owner over Redis pub/sub, rule and silence changes announced to every
 * instance. Without Redis the instance owns every device and changes stay local.
 */
export const createAutomationCluster = (deps: AutomationClusterDeps) => {
  const { redis, runtime, log } = deps;
  if (!redis)
    return {
      inputs: runtime satisfies RuntimeInputs,
      owns: (_deviceId: number) => true,
      changed: (change: ClusterChange) => deps.onChanged(change),
      counts: () => ({ dropped: 0, forwarded: 0 }),
      start: async () => undefined,
      close: async () => undefined,
      beat: async () => undefined,
    };

  const namespace = namespaceOf(deps.jwtSecret);
  // A restarted instance is a new one: leases of its former self expire rather than carry over.
  const self = `${deps.instanceUrl}#${randomUUID().slice(0, 8)}`;
  const inputChannel = (instance: string) => `${namespace}:automations:in:${instance}`;
  const changeChannel = `${namespace}:automations:changed`;
  const subscriber = redis.duplicate();
  const leases = createPartitionLeases({
    redis,
    namespace,
    self,
    onChange: (change) => runtime.partitionsChanged(change),
    log,
    ...(deps.heartbeatMs === undefined ? {} : { heartbeatMs: deps.heartbeatMs }),
  });
  const router = createInputRouter({
    local: runtime,
    owns: leases.owns,
    ownerOf: leases.ownerOf,
    send: (owner, batch) => redis.publish(inputChannel(owner), JSON.stringify(batch)),
    log,
  });

  subscriber.on('message', (channel: string, message: string) => {
    try {
      if (channel === changeChannel) {
        const { from, change } = JSON.parse(message) as { from: string; change: ClusterChange };
        if (from !== self) deps.onChanged(change);
      } else router.received(JSON.parse(message) as AutomationInput[]);
    } catch (error) {
      log.warn({ err: error, channel }, 'automation cluster message ignored');
    }
  });
  subscriber.on('error', (error: unknown) =>
    log.error({ err: error }, 'automation cluster subscription failed'),
  );

  return {
    inputs: router.inputs,
    owns: leases.owns,
    changed(change: ClusterChange) {
      deps.onChanged(change);
      redis
        .publish(changeChannel, JSON.stringify({ from: self, change }))
        .catch((error: unknown) => log.error({ err: error }, 'automation change not announced'));
    },
    counts: router.counts,
    /** Subscribes, then claims this instance's share of the partitions. */
    async start() {
      await subscriber.subscribe(inputChannel(self), changeChannel);
      await leases.start();
      log.info({ instance: self, partitions: leases.owned().length }, 'automation partitions');
    },
    async close() {
      router.close();
      await leases.close();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
    /** Another lease heartbeat now (tests). */
    beat: () => leases.beat(),
  };
};

export type AutomationCluster = ReturnType<typeof createAutomationCluster>;
