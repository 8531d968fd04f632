import {
  ackMessageSchema,
  collectMessageSchema,
  CONNECTION_CODES,
  type ConfigMessage,
  deviceCapabilities,
  helloSchema,
  MAX_PAYLOAD_BYTES,
  parseTopic,
  stateMessageSchema,
  topics,
  parseJsonPayload,
} from '@netfleet/contracts';
import type { TunnelRequest } from '@netfleet/contracts/tunnel';
import type { FastifyBaseLogger } from 'fastify';
import { createBatchQueue } from '@/lib/batch-queue';
import type { DeviceChangeSink } from '@/modules/fleet/device-live/device-live';
import type { Broker, MessageMeta } from '@/plugins/broker';
import { createDeviceAuthenticator } from './device-auth';
import { type Connect, connectionEntries, createConnectionLog } from './connection-log';
import { createEnrolment } from './enrolment';
import { createRefusalBuffer, type RefusalStore, storeRefusals } from './refused-identities';
import { createDeviceLink } from './device-link';
import { createListenerCalls } from './gateway-listeners';
import type { GatewayListener, ReadyDevice } from './gateway.port';
import type { GatewayRepository } from './gateway.repository';
import { livenessChanges } from './live-changes';
import { createMemoryLiveness, type LivenessStore } from './liveness';
import { maintainPartitions, SAMPLE_INTERVAL_MS, sampleSlot } from './maintenance';
import { bufferedReading, createTelemetryBuffer } from './telemetry-buffer';
import { createTelemetryFlush } from './telemetry-flush';
import { storeLiveness } from './telemetry-store';

const FLUSH_INTERVAL_MS = 1_000;
const FLUSH_AT_ROWS = 2_000;
/** About two seconds of a 10k fleet reporting every second. */
const HIGH_WATER_ROWS = 20_000;
const MAINTENANCE_INTERVAL_MS = 6 * 3_600_000;
/** Most hellos answered with one query: a fleet back from a reboot says hello all at once. */
const HELLO_BATCH_MAX = 500;

export interface DeviceGatewayOptions {
  broker: Broker;
  repository: GatewayRepository;
  log: FastifyBaseLogger;
  now: () => Date;
  retentionDays: number;
  liveness?: LivenessStore;
  /** Hears what each flush wrote to the devices rows: status, connection time, latest readings. */
  changes?: DeviceChangeSink;
  /** Keeps the identities refused for another device's serial (approved devices), per flush. */
  refusals?: RefusalStore;
  /** Buffer sizes (tests shrink them): flush early at `flushAtRows`, hold PUBACKs past `highWaterRows`. */
  flushAtRows?: number;
  highWaterRows?: number;
  /** Readings kept while the database is away; the oldest are given up past it. */
  maxBufferedRows?: number;
}

type Periods = Record<
  | 'dynamicMonitoring'
  | 'staticMonitoring'
  | 'hotspotMonitoring'
  | 'gpsMonitoring'
  | 'ioMonitoring'
  | 'wirelessMonitoring'
  | 'ddnsMonitoring'
  | 'vpnMonitoring',
  number
>;

const configOf = (row: Periods): ConfigMessage => ({
  periods: {
    dynamic: row.dynamicMonitoring,
    static: row.staticMonitoring,
    hotspot: row.hotspotMonitoring,
    gps: row.gpsMonitoring,
    io: row.ioMonitoring,
    wireless: row.wirelessMonitoring,
    ddns: row.ddnsMonitoring,
    vpn: row.vpnMonitoring,
  },
});

const monitoringOff = (row: Periods) =>
  Object.values(configOf(row).periods).every((period) => period === 0);

/**
 * The device side of the server: enrolment, liveness, hello, telemetry and acks from the broker,
 * written to the database in batches (one flush a second, or sooner at 2000 readings).
 */
export const createDeviceGateway = (options: DeviceGatewayOptions) => {
  const { broker, repository, log, now } = options;
  const liveness = options.liveness ?? createMemoryLiveness();
  const logs = createConnectionLog();
  const telemetry = createTelemetryBuffer({
    retentionDays: options.retentionDays,
    ...(options.maxBufferedRows ? { maxRows: options.maxBufferedRows } : {}),
  });
  const flushAtRows = options.flushAtRows ?? FLUSH_AT_ROWS;
  const highWaterRows = options.highWaterRows ?? HIGH_WATER_ROWS;
  const listeners: GatewayListener[] = [];
  const calls = createListenerCalls(listeners, log);
  const inFlight = new Set<Promise<void>>();
  const connects: Connect[] = [];
  const stats = { accepted: 0, stored: 0, dropped: 0 };
  const timers: NodeJS.Timeout[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let flushQueued = false;
  /**
   * With the embedded broker a reading's PUBACK waits for the flush that stores it, so a server
   * killed with readings buffered has acknowledged none of them: the devices send them again
   * (issue 23). Holds there cost little: the broker's thread reads on meanwhile.
   * An external broker has answered the device already, and mqtt.js reads the server's next
   * message only after the hold, so there the PUBACK goes at once (held past the high-water mark).
   */
  const ackWhenStored = broker.kind === 'embedded';

  const { changes } = options;
  const telemetryFlush = createTelemetryFlush({ telemetry, repository, log, now, stats, changes });
  // Only with somewhere to keep them: a gateway without the approved devices module drops them.
  const refusals = options.refusals ? createRefusalBuffer() : undefined;
  const enrol = createEnrolment({ repository, broker, logs, refusals, log, now, changes, calls });

  /** Async handlers are tracked so close() waits for them before the last flush. */
  const track = (work: Promise<void>, what: string) => {
    const tracked = work
      .catch((error: unknown) => log.error({ err: error }, `device ${what} failed`))
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  const notify = async (call: (listener: GatewayListener) => Promise<void> | undefined) => {
    for (const listener of listeners) {
      try {
        await call(listener);
      } catch (error) {
        log.error({ err: error }, 'gateway listener failed');
      }
    }
  };

  const { link, pushConfigs } = createDeviceLink(broker, (id) => liveness.isOnline(id));

  /**
   * Hellos of a batch: one query for the devices, their identity updated where it changed, their
   * periods pushed, and then the listeners send what waits for them.
   */
  const announce = async (batch: ReadyDevice[]) => {
    const enrolled = await repository.findEnrolledMany([...new Set(batch.map((d) => d.deviceId))]);
    const byId = new Map(enrolled.map((device) => [device.id, device]));
    const ready: (ReadyDevice & { config: ConfigMessage })[] = [];
    for (const { deviceId, hello } of batch) {
      const device = byId.get(deviceId);
      if (!device) continue;
      const { model, firmware } = hello;
      if (device.model !== model || device.firmware !== firmware) {
        await repository.updateIdentity(deviceId, {
          model,
          firmware,
          capabilities: deviceCapabilities(model, firmware),
        });
        logs.add({
          deviceId,
          code: CONNECTION_CODES.identityChanged,
          reason: `Now ${model} with firmware ${firmware}`,
          ip: null,
          at: now(),
        });
        calls.identityChanged(deviceId, device, hello);
      }
      ready.push({ deviceId, hello, config: configOf(device) });
    }
    const failed = await pushConfigs(ready);
    if (failed.length > 0) log.warn({ devices: failed.length }, 'periods not handed to the broker');
    const devices = ready.map(({ deviceId, hello }) => ({ deviceId, hello }));
    if (devices.length > 0) await notify((listener) => listener.devicesReady?.(devices));
  };
  // A failed batch is logged once, not once per device: at shutdown, or when the database is
  // away, a fleet's hellos would otherwise write thousands of identical errors. Its devices get
  // their periods and waiting jobs at their next hello.
  const hellos = createBatchQueue(
    (batch: ReadyDevice[]) =>
      announce(batch).catch((error: unknown) =>
        log.error({ err: error, devices: batch.length }, 'device hellos failed'),
      ),
    { max: HELLO_BATCH_MAX },
  );

  const hello = async (deviceId: number, payload: Buffer) => {
    const message = helloSchema.safeParse(parseJsonPayload(payload));
    if (!message.success) return void log.debug({ deviceId }, 'invalid hello dropped');
    await hellos.push({ deviceId, hello: message.data });
  };

  const state = (deviceId: number, payload: Buffer, meta: MessageMeta) => {
    const message = stateMessageSchema.safeParse(parseJsonPayload(payload));
    if (!message.success) return void log.debug({ deviceId }, 'invalid state dropped');
    const at = now();
    if (message.data.state === 'online') {
      liveness.online(deviceId, at);
      telemetry.online(deviceId, at);
      connects.push({ deviceId, at, ip: meta.ip ?? null });
    } else liveness.offline(deviceId, at);
  };

  const ack = async (deviceId: number, payload: Buffer) => {
    const message = ackMessageSchema.safeParse(parseJsonPayload(payload));
    if (!message.success) return void log.debug({ deviceId }, 'invalid ack dropped');
    await notify((listener) => listener.ack?.(deviceId, message.data));
  };

  const collected = (deviceId: number, payload: Buffer) => {
    const message = collectMessageSchema.safeParse(parseJsonPayload(payload));
    if (!message.success) {
      stats.dropped += 1;
      return void log.debug({ deviceId }, 'invalid data collect message dropped');
    }
    for (const listener of listeners) listener.collected?.(deviceId, message.data);
  };

  /**
   * The connection codes of the devices that came online (connectionEntries). Code 15 (no active
   * credit) refuses nothing: the device stays connected and visible, so that it can be paid for.
   */
  const logConnections = async () => {
    const batch = connects.splice(0);
    if (batch.length === 0) return;
    let context;
    try {
      context = await repository.connectionContext([...new Set(batch.map((c) => c.deviceId))]);
    } catch (error) {
      connects.unshift(...batch);
      throw error;
    }
    for (const entry of connectionEntries(batch, context, monitoringOff)) logs.add(entry);
  };

  const flushOnce = async (final: boolean) => {
    const started = now();
    try {
      // Before the status update, which would hide whether the device had been offline.
      await logConnections();
      const rows = liveness.drain();
      const status = await storeLiveness(repository, rows);
      if (changes) for (const change of livenessChanges(rows, status.written)) changes.add(change);
      calls.liveness(rows, status.failed);
      if (status.error !== undefined) {
        liveness.restore(status.failed);
        throw status.error;
      }
      const entries = logs.drain(final ? undefined : started);
      try {
        await repository.insertLogs(entries);
      } catch (error) {
        logs.restore(entries);
        throw error;
      }
    } catch (error) {
      log.error({ err: error }, 'device liveness flush failed; retrying');
    }
    if (refusals && options.refusals) await storeRefusals(refusals, options.refusals, log);
    await telemetryFlush.flush(final);
  };

  /** Flushes run one after another; a flush asked for while one runs is folded into the next. */
  const flush = (final = false): Promise<void> => {
    if (flushQueued && !final) return flushing;
    flushQueued = true;
    flushing = flushing.then(() => {
      flushQueued = false;
      return flushOnce(final);
    });
    return flushing;
  };

  const authenticator = createDeviceAuthenticator({ repository, logs, now });
  broker.onAuthenticate(authenticator);
  // No wills come from a broker thread that died: its devices are offline until they reconnect.
  broker.onConnectionsLost?.(() => {
    liveness.offlineAll(now());
    void flush();
  });
  broker.onMessage((topic, payload, meta, reading) => {
    const parsed = parseTopic(topic);
    if (!parsed) return undefined;
    if (payload.length > MAX_PAYLOAD_BYTES) {
      stats.dropped += 1;
      return void log.debug({ topic, bytes: payload.length }, 'oversized device message dropped');
    }
    if (parsed.kind === 'enrol') {
      track(enrol(parsed.clientId, payload, meta), 'enrolment');
      return undefined;
    }
    const { deviceId } = parsed;
    liveness.seen(deviceId, now());
    switch (parsed.kind) {
      case 'state':
        state(deviceId, payload, meta);
        return undefined;
      case 'hello':
        track(hello(deviceId, payload), 'hello');
        return undefined;
      case 'ack':
        track(ack(deviceId, payload), 'ack');
        return undefined;
      case 'collect':
        return void collected(deviceId, payload);
      case 'alert':
        return void calls.alerted(deviceId, payload, stats);
      case 'hub':
        return void calls.hubReported(deviceId, payload, stats);
      case 'telemetry': {
        const valid = bufferedReading(parsed.category, payload, reading);
        const receivedAt = now();
        if (!valid || !telemetry.add(deviceId, parsed.category, valid, receivedAt)) {
          stats.dropped += 1;
          return void log.debug({ topic }, 'invalid telemetry dropped');
        }
        stats.accepted += 1;
        calls.reading(deviceId, parsed.category, valid, receivedAt);
        if (ackWhenStored) {
          // Group commit: the next flush starts as soon as the current one ends, so a PUBACK waits
          // about one write (a device resending after a reconnect waits for each PUBACK in turn).
          if (!telemetryFlush.failing()) void flush();
          return telemetryFlush.held();
        }
        if (telemetry.size < flushAtRows) return undefined;
        const flushed = flush();
        // Past the high-water mark the PUBACK waits for the flush that empties the buffer, so a
        // server that cannot keep up slows its devices down rather than piling readings up.
        return telemetry.size >= highWaterRows ? flushed : undefined;
      }
      default:
        return undefined;
    }
  });

  const maintain = async () => {
    await maintainPartitions({ repository, retentionDays: options.retentionDays, now, log }).catch(
      (error: unknown) => log.error({ err: error }, 'telemetry partition maintenance failed'),
    );
    await repository
      .refreshStatistics()
      .catch((error: unknown) => log.error({ err: error }, 'planner statistics not refreshed'));
  };
  const sample = () =>
    repository
      .sampleOnline(sampleSlot(now()))
      .catch((error: unknown) => log.error({ err: error }, 'online sample failed'));

  return {
    link,
    /** Asks a device to dial a remote-access tunnel (QoS 1, never retained: a stale ask is void). */
    requestTunnel: (deviceId: number, request: TunnelRequest) =>
      broker.publish(topics.tunnel(deviceId), JSON.stringify(request), { qos: 1, retain: false }),
    /** The jobs module registers here to hear of devices becoming ready and of their acks. */
    addListener(listener: GatewayListener) {
      listeners.push(listener);
    },
    /** Forgets a revoked credential this instance cached (others' caches expire in minutes). */
    forgetCredential: authenticator.forget,
    /** Readings accepted, stored and messages dropped since start; buffered rows, online now. */
    stats: () => ({ ...stats, buffered: telemetry.size, online: liveness.onlineCount() }),
    /** Writes everything buffered now, the latest readings and data usage included. */
    flush: () => flush(true),
    async start() {
      if (broker.kind === 'embedded') await repository.markAllOffline();
      await maintain();
      const every = (ms: number, run: () => unknown) => {
        const timer = setInterval(run, ms);
        timer.unref();
        timers.push(timer);
      };
      every(FLUSH_INTERVAL_MS, () => void flush());
      every(SAMPLE_INTERVAL_MS, () => void sample());
      every(MAINTENANCE_INTERVAL_MS, () => void maintain());
    },
    /** After the broker closed: waits for the handlers, then writes what is buffered. */
    async close() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.all(inFlight);
      await flush(true);
    },
  };
};

export type DeviceGateway = ReturnType<typeof createDeviceGateway>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when buildApp was given no broker. */
    deviceGateway: DeviceGateway | null;
  }
}
