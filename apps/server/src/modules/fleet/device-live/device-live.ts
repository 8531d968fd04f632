import type { DeviceChange } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimePublisher } from '@/plugins/realtime-publisher';
import type { CompanyPaths } from './company-paths';
import {
  changesPerRoom,
  chunks,
  companiesOf,
  mergeChange,
  type PendingChange,
} from './device-rooms';

/** What reports device changes: the gateway after its flushes, the devices API after its writes. */
export interface DeviceChangeSink {
  /**
   * Queues a change of a row already written; `formerCompanyId` is where a moved device was, so
   * that company's channels learn it left. Only a map write: callers sit on hot paths.
   */
  add(change: DeviceChange, formerCompanyId?: number): void;
}

export interface DeviceLiveOptions {
  publisher: Pick<RealtimePublisher, 'toChannel'>;
  companyPaths: CompanyPaths;
  log: FastifyBaseLogger;
  /** How often the coalesced changes go out (tests shorten it). */
  intervalMs?: number;
  /** Entries per DevicesChanged at most: a storm is split rather than sent as one giant frame. */
  maxBatch?: number;
}

const INTERVAL_MS = 1_000;
const MAX_BATCH = 5_000;

/**
 * The live device channels (`private-devices.<own|tree>.<company>`): changes are coalesced per
 * device (newest values win, fields merged) and emitted once per interval, one DevicesChanged per
 * room, so with the Redis adapter the fan-out to other instances is per room, not per device.
 */
export const createDeviceLive = (options: DeviceLiveOptions) => {
  const { publisher, companyPaths, log } = options;
  const intervalMs = options.intervalMs ?? INTERVAL_MS;
  const maxBatch = options.maxBatch ?? MAX_BATCH;
  let pending = new Map<number, PendingChange>();
  let timer: NodeJS.Timeout | null = null;
  let emitting: Promise<void> | null = null;
  let closed = false;

  const queue = (next: PendingChange) => {
    pending.set(next.change.id, mergeChange(pending.get(next.change.id), next));
  };

  const emitOnce = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    let paths: Map<number, string>;
    try {
      paths = await companyPaths.resolve(companiesOf(batch.values()));
    } catch (error) {
      log.error({ err: error }, 'device changes: company paths unavailable; retrying');
      // Back under whatever arrived meanwhile, which is newer.
      const newer = pending;
      pending = batch;
      for (const change of newer.values()) queue(change);
      return;
    }
    for (const [channel, devices] of changesPerRoom(batch.values(), paths)) {
      for (const slice of chunks(devices, maxBatch)) {
        publisher.toChannel(channel, 'DevicesChanged', { channel, devices: slice });
      }
    }
  };

  /** One emit at a time: a tick while the previous one still resolves paths is skipped. */
  const emit = (): Promise<void> => {
    emitting ??= emitOnce().finally(() => {
      emitting = null;
    });
    return emitting;
  };

  return {
    add(change: DeviceChange, formerCompanyId?: number) {
      if (closed) return;
      const formerCompanies = new Set<number>();
      if (formerCompanyId !== undefined && formerCompanyId !== change.company_id) {
        formerCompanies.add(formerCompanyId);
      }
      queue({ change, formerCompanies });
    },
    /** Emits what is queued now (tests; the timer does it otherwise). */
    flush: emit,
    start() {
      if (timer || closed) return;
      timer = setInterval(() => {
        emit().catch((error: unknown) => log.error({ err: error }, 'device changes emit failed'));
      }, intervalMs);
      timer.unref();
    },
    /** Stops the timer; what is still queued is dropped (the sockets are closing anyway). */
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      pending = new Map();
      await emitting;
    },
  };
};

export type DeviceLive = ReturnType<typeof createDeviceLive>;
