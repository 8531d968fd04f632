import type { FastifyBaseLogger } from 'fastify';
import type { PendingState } from '@/modules/automation/automations/engine/rule-types';
import { PARTITIONS } from './cluster/partition-leases';
import type { PendingChange, RuntimeRepository } from './runtime.repository';

const CHECKPOINT_MS = 30_000;

export interface PendingCheckpointDeps {
  repository: Pick<RuntimeRepository, 'savePending'>;
  /** The delays the evaluator holds now. */
  pending: () => PendingState[];
  /** Whether this instance evaluates the device (cluster/partition-leases.ts). */
  owns: (deviceId: number) => boolean;
  /** The runtime's loads and restores in progress (a partition taken over is restored in one). */
  settled: () => Promise<unknown>;
  log: Pick<FastifyBaseLogger, 'error'>;
  intervalMs?: number;
}

const keyOf = (state: { ruleId: number; deviceId: number }) => `${state.ruleId}:${state.deviceId}`;

/**
 * Keeps `automation_pending` in step with the delays being waited out (design §4.4), so that a
 * restart or a partition's new owner keeps their clocks instead of starting them again. The first
 * write, and the first after the owned partitions changed, replaces the partitions' rows; the
 * others write what changed since the last write.
 */
export const createPendingCheckpoint = (deps: PendingCheckpointDeps) => {
  /** What the table holds for this instance's devices: key → since. */
  let written = new Map<string, PendingState>();
  let ownedBefore = '';
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  /** Set once the delays were restored: before that the evaluator holds none to write. */
  let started = false;

  const changeOf = (now: readonly PendingState[], partitions: number[], full: boolean) => {
    const current = new Map(now.map((state) => [keyOf(state), state]));
    const upserts = [...current.entries()]
      .filter(([key, state]) => full || written.get(key)?.since.getTime() !== state.since.getTime())
      .map(([, { ruleId, deviceId, since, count }]) => ({
        automationId: ruleId,
        deviceId,
        since,
        count,
      }));
    // Delays of devices another instance took over are its to write.
    const deletes = full
      ? []
      : [...written.entries()]
          .filter(([key, state]) => !current.has(key) && deps.owns(state.deviceId))
          .map(([, state]) => ({ automationId: state.ruleId, deviceId: state.deviceId }));
    const change: PendingChange = {
      partitions: full ? partitions : null,
      of: PARTITIONS,
      upserts,
      deletes,
    };
    return { change, current };
  };

  const writeOnce = async () => {
    // A partition just taken over is owned before its delays are restored: writing it whole
    // then would delete the rows the restore is about to read.
    for (let loading = deps.settled(); ;) {
      await loading;
      if (loading === deps.settled()) break;
      loading = deps.settled();
    }
    // Partition p holds device p: whether this instance owns it says whether it owns p.
    const partitions = Array.from({ length: PARTITIONS }, (_, p) => p).filter((p) => deps.owns(p));
    const owned = partitions.join(',');
    const full = owned !== ownedBefore;
    const now = deps.pending().filter((state) => deps.owns(state.deviceId));
    const { change, current } = changeOf(now, partitions, full);
    if (!full && change.upserts.length === 0 && change.deletes.length === 0) return;
    try {
      await deps.repository.savePending(change);
      written = current;
      ownedBefore = owned;
    } catch (error) {
      deps.log.error({ err: error }, 'automation delays not checkpointed; retrying');
    }
  };

  const write = () => {
    writing = writing.then(writeOnce);
    return writing;
  };

  return {
    write,
    /** After the runtime restored the delays. */
    start() {
      started = true;
      timer = setInterval(() => void write(), deps.intervalMs ?? CHECKPOINT_MS);
      timer.unref();
    },
    /**
     * The last checkpoint, before the partitions are given up. An instance stopped before it
     * started (a failed start, a tool that builds the app) writes nothing: it would empty the table.
     */
    async close() {
      clearInterval(timer);
      if (started) await write();
    },
  };
};
