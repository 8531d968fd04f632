import { topics } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Broker, MessageHandler } from '@/plugins/broker';
import { createDeviceGateway } from './gateway';
import type { GatewayRepository } from './gateway.repository';

const reading = () =>
  JSON.stringify({
    ts: Date.now(),
    data: { uptime: 1, temperature: null, wan_state: 'mobile', modems: [] },
  });

const quiet = () => undefined;
const silent = {
  level: 'silent',
  fatal: quiet,
  error: quiet,
  warn: quiet,
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  child: () => silent,
} as unknown as FastifyBaseLogger;

/** A broker that only records the gateway's handler, and a repository whose flush the test ends. */
const setup = () => {
  let handler: MessageHandler = () => undefined;
  const broker: Broker = {
    kind: 'embedded',
    start: () => Promise.resolve(),
    publish: () => Promise.resolve(),
    publishMany: () => Promise.resolve([]),
    onMessage: (next) => {
      handler = next;
    },
    onAuthenticate: () => undefined,
    close: () => Promise.resolve(),
  };
  const stored: number[] = [];
  let finishFlush: () => void = () => undefined;
  const repository = {
    connectionContext: () => Promise.resolve([]),
    applyLiveness: () => Promise.resolve(),
    insertLogs: () => Promise.resolve(),
    insertReadings: (rows: unknown[]) =>
      new Promise<void>((resolve) => {
        finishFlush = () => {
          stored.push(rows.length);
          resolve();
        };
      }),
    storeLatest: () => Promise.resolve(new Map()),
    addUsage: () => Promise.resolve(),
  } as unknown as GatewayRepository;
  createDeviceGateway({
    broker,
    repository,
    log: silent,
    now: () => new Date(),
    retentionDays: 30,
    flushAtRows: 2,
    highWaterRows: 4,
  });
  const send = () => handler(topics.telemetry(1, 'dynamic'), Buffer.from(reading()), {});
  return { send, stored, finishFlush: () => finishFlush() };
};

describe('gateway back-pressure', () => {
  it('acknowledges at once below the high-water mark, and holds acks past it until a flush', async () => {
    const gateway = setup();
    expect(gateway.send()).toBeUndefined();
    // The second reading starts a flush, which the repository keeps open with both readings.
    expect(gateway.send()).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Below the mark readings are acknowledged at once, flush or not; the fourth one waiting
    // reaches it and its PUBACK waits for the flush that will take it.
    expect(gateway.send()).toBeUndefined();
    expect(gateway.send()).toBeUndefined();
    expect(gateway.send()).toBeUndefined();
    const held = gateway.send();
    expect(held).toBeInstanceOf(Promise);
    let released = false;
    void held?.then(() => (released = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(released).toBe(false);
    // The open flush ends; the queued one takes everything held and ends too.
    gateway.finishFlush();
    await new Promise((resolve) => setTimeout(resolve, 10));
    gateway.finishFlush();
    await held;
    expect(released).toBe(true);
    expect(gateway.stored).toEqual([2, 4]);
  });
});
