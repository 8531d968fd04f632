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

/**
 * A broker that only records the gateway's handler, and a repository whose flush the test ends
 * (`fail` makes it fail instead).
 */
const setup = (kind: Broker['kind'] = 'external', maxBufferedRows?: number) => {
  let handler: MessageHandler = () => undefined;
  const broker: Broker = {
    kind,
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
  let failFlush: () => void = () => undefined;
  const repository = {
    connectionContext: () => Promise.resolve([]),
    applyLiveness: () => Promise.resolve(),
    insertLogs: () => Promise.resolve(),
    insertReadings: (rows: unknown[]) =>
      new Promise<void>((resolve, reject) => {
        finishFlush = () => {
          stored.push(rows.length);
          resolve();
        };
        failFlush = () => reject(new Error('database away'));
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
    ...(maxBufferedRows ? { maxBufferedRows } : {}),
  });
  const send = () => handler(topics.telemetry(1, 'dynamic'), Buffer.from(reading()), {});
  return { send, stored, finishFlush: () => finishFlush(), failFlush: () => failFlush() };
};

const tick = (ms = 10) => new Promise((resolve) => setTimeout(resolve, ms));

describe('gateway back-pressure', () => {
  it('acknowledges at once below the high-water mark (external broker), and holds acks past it until a flush', async () => {
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

  it('holds every PUBACK of the embedded broker until its reading is stored, retries included', async () => {
    const gateway = setup('embedded');
    let released = 0;
    // The first reading starts a flush at once (group commit), which the repository keeps open.
    const first = gateway.send();
    expect(first).toBeInstanceOf(Promise);
    void first?.then(() => (released += 1));
    await tick();
    // The second waits for the next flush.
    void gateway.send()?.then(() => (released += 1));
    await tick();
    expect(released).toBe(0);
    // The database is away: the first row goes back to the buffer, its PUBACK keeps waiting, and
    // the next flush takes both readings.
    gateway.failFlush();
    await tick();
    expect(released).toBe(0);
    gateway.finishFlush();
    await tick();
    expect(released).toBe(2);
    expect(gateway.stored).toEqual([2]);
  });

  it('never acknowledges a reading the buffer gave up while the database was away', async () => {
    const gateway = setup('embedded', 1);
    const released: string[] = [];
    void gateway.send()?.then(() => released.push('first'));
    await tick();
    void gateway.send()?.then(() => released.push('second'));
    await tick();
    // The failed row goes back in front of the second; with room for one, the first is given up.
    gateway.failFlush();
    await tick();
    gateway.finishFlush();
    await tick();
    expect(gateway.stored).toEqual([1]);
    expect(released).toEqual(['second']);
  });
});
