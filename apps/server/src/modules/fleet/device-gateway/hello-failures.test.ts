import { PROTOCOL_VERSION, topics } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Broker, MessageHandler } from '@/plugins/broker';
import { createDeviceGateway } from './gateway';
import type { GatewayRepository } from './gateway.repository';

const quiet = () => undefined;

/** A gateway whose broker refuses every publish, as one closing does, with its error log kept. */
const setup = () => {
  let handler: MessageHandler = () => undefined;
  const errors: { devices?: number; message: string }[] = [];
  const logger = {
    level: 'error',
    fatal: quiet,
    error: (context: { devices?: number }, message: string) =>
      errors.push({ devices: context.devices, message }),
    warn: quiet,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => logger,
  } as unknown as FastifyBaseLogger;
  const closed = () => Promise.reject(new Error('broker not started'));
  const broker: Broker = {
    kind: 'embedded',
    start: () => Promise.resolve(),
    publish: closed,
    publishMany: closed,
    onMessage: (next) => {
      handler = next;
    },
    onAuthenticate: () => undefined,
    close: () => Promise.resolve(),
  };
  const repository = {
    findEnrolledMany: (ids: number[]) =>
      Promise.resolve(
        ids.map((id) => ({
          id,
          model: 'RUT955',
          firmware: 'RUT9_R_00.07.06',
          dynamicMonitoring: 60,
        })),
      ),
  } as unknown as GatewayRepository;
  const gateway = createDeviceGateway({
    broker,
    repository,
    log: logger,
    now: () => new Date(),
    retentionDays: 30,
  });
  const hello = (deviceId: number) =>
    handler(
      topics.hello(deviceId),
      Buffer.from(
        JSON.stringify({
          v: PROTOCOL_VERSION,
          model: 'RUT955',
          firmware: 'RUT9_R_00.07.06',
          agent: 'test',
          serial: String(1_100_000_000 + deviceId),
          uptime: 1,
        }),
      ),
      {},
    );
  return { gateway, hello, errors };
};

describe('device hellos the broker cannot answer', () => {
  it('are logged once per batch with its size, not once per device', async () => {
    const { gateway, hello, errors } = setup();
    for (let id = 1; id <= 50; id++) hello(id);
    await gateway.close();
    expect(errors.filter((error) => error.message.startsWith('device hello'))).toEqual([
      { devices: 50, message: 'device hellos failed' },
    ]);
  });
});
