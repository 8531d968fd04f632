import {
  alertMessageSchema,
  hubStateMessageSchema,
  parseJsonPayload,
  type TelemetryCategory,
} from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceIdentity, GatewayListener, LivenessChange } from './gateway.port';
import type { LivenessRow } from './gateway.repository';
import type { BufferedReading } from './telemetry-buffer';

/** How far before its arrival a reading's own time is believed. */
const READING_SKEW_MS = 5 * 60_000;

/**
 * The synchronous listener calls of the ingest path (readings, status transitions): a failing
 * listener is logged and never stops the gateway or the other listeners.
 */
export const createListenerCalls = (
  listeners: readonly GatewayListener[],
  log: FastifyBaseLogger,
) => {
  const each = (call: (listener: GatewayListener) => void, what: string) => {
    for (const listener of listeners) {
      try {
        call(listener);
      } catch (error) {
        log.error({ err: error }, `gateway ${what} listener failed`);
      }
    }
  };
  return {
    /**
     * A valid reading, with the data the gateway already parsed, at its own time; but a device's
     * wrong clock must not reorder the rules' timers: bounded by its arrival and a bit before.
     */
    reading(
      deviceId: number,
      category: TelemetryCategory,
      reading: BufferedReading,
      receivedAt: Date,
    ) {
      const arrived = receivedAt.getTime();
      const at = new Date(Math.min(Math.max(reading.ts, arrived - READING_SKEW_MS), arrived));
      each((listener) => listener.reading?.(deviceId, category, reading.data, at), 'reading');
    },
    /** The status transitions of a flush that were stored (failed rows come back next flush). */
    liveness(rows: readonly LivenessRow[], failed: readonly LivenessRow[]) {
      if (!listeners.some((listener) => listener.liveness)) return;
      const retried = new Set(failed);
      const stored: LivenessChange[] = [];
      for (const row of rows)
        if (row.status !== null && !retried.has(row))
          stored.push({ deviceId: row.deviceId, status: row.status, at: row.seenAt });
      if (stored.length > 0) each((listener) => listener.liveness?.(stored), 'liveness');
    },
    /** A stored change of model or firmware (copies: the caller's objects are not handed out). */
    identityChanged(deviceId: number, before: DeviceIdentity, after: DeviceIdentity) {
      const was = { model: before.model, firmware: before.firmware };
      const now = { model: after.model, firmware: after.firmware };
      each((listener) => listener.identityChanged?.(deviceId, was, now), 'identity');
    },
    /** A device alert event (`al`); an invalid one is counted as dropped. */
    alerted(deviceId: number, payload: Buffer, stats: { dropped: number }) {
      const message = alertMessageSchema.safeParse(parseJsonPayload(payload));
      if (!message.success) return void (stats.dropped += 1);
      each((listener) => listener.alerted?.(deviceId, message.data), 'alert');
    },
    /** A hub report (`hub`) of an agent in hub mode; an invalid one is counted as dropped. */
    hubReported(deviceId: number, payload: Buffer, stats: { dropped: number }) {
      const message = hubStateMessageSchema.safeParse(parseJsonPayload(payload));
      if (!message.success) return void (stats.dropped += 1);
      each((listener) => listener.hubReported?.(deviceId, message.data), 'hub report');
    },
    enrolled(deviceIds: readonly number[]) {
      if (deviceIds.length > 0) each((listener) => listener.enrolled?.(deviceIds), 'enrolment');
    },
  };
};
