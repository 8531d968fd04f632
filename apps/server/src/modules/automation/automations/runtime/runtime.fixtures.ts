import type { AutomationAction, TelemetryCategory } from '@netfleet/contracts';
import { buildApp, type App, type BuildAppOptions } from '@/app';
import { automationDevices, automations } from '@/db/schema';
import type { Database } from '@/db/client';
import type { GatewayListener } from '@/modules/fleet/device-gateway/gateway.port';
import type { TestApp } from '@test/app';
import { createFakeGateway } from '@test/fake-gateway';

/** The fake gateway with a hand on the listeners: plays readings and statuses to them. */
export const createPlayedGateway = () => {
  const fake = createFakeGateway();
  const heard: GatewayListener[] = [];
  return {
    fake,
    double: {
      link: fake.link,
      addListener(listener: GatewayListener) {
        heard.push(listener);
        fake.addListener(listener);
      },
    },
    /** A dynamic reading of modem 1's signal, as the gateway hands a valid one on. */
    signal(deviceId: number, signal: number, at = new Date()) {
      const data = { uptime: 100, temperature: 400, modems: [{ modem: 1, sim: 1, signal }] };
      for (const listener of heard) listener.reading?.(deviceId, 'dynamic', data, at);
    },
    status(deviceId: number, status: 0 | 1, at = new Date()) {
      for (const listener of heard) listener.liveness?.([{ deviceId, status, at }]);
    },
    /** Any valid reading of a category, as the gateway hands it on. */
    reading(deviceId: number, category: TelemetryCategory, data: object, at = new Date()) {
      for (const listener of heard) listener.reading?.(deviceId, category, data, at);
    },
    /** A hello with other firmware, as the gateway's announce() reports it. */
    identity(deviceId: number, before: string | null, after: string) {
      for (const listener of heard)
        listener.identityChanged?.(
          deviceId,
          { model: 'RUTX11', firmware: before },
          { model: 'RUTX11', firmware: after },
        );
    },
    enrolled(deviceIds: number[]) {
      for (const listener of heard) listener.enrolled?.(deviceIds);
    },
  };
};
export type PlayedGateway = ReturnType<typeof createPlayedGateway>;

/**
 * Another instance on the test app's database (as after a restart): the runtime loads rules at
 * start, so a test inserts its rules first and then starts an instance.
 */
export const startInstance = async (
  base: TestApp,
  gateway: PlayedGateway,
  options: Pick<
    BuildAppOptions,
    'now' | 'deliverWebhooks' | 'alertActionSweepMs' | 'redis' | 'automationHeartbeatMs'
  > = {},
): Promise<App> => {
  const app = await buildApp({
    config: base.config,
    db: base.db,
    jwtSecret: base.jwtSecret,
    logger: false,
    deviceGateway: gateway.double,
    ...options,
  });
  await app.ready();
  return app;
};

/** A rule `signal < -110` (hysteresis 3) assigned to `deviceId`, owned by `userId`. */
export const insertSignalRule = async (
  db: Database,
  values: { companyId: number; userId: number; deviceId: number; actions: AutomationAction[] },
) => {
  const [rule] = await db
    .insert(automations)
    .values({
      companyId: values.companyId,
      userId: values.userId,
      name: 'Weak signal',
      dataGroup: 'dynamic',
      conditionsBody: [
        {
          type: 'if',
          expression: [
            {
              parameter: 'signal',
              operator: '<',
              value: -110,
              hysteresis: 3,
              joins_with: undefined,
            },
          ],
          actions: values.actions,
        },
      ],
    })
    .returning();
  if (!rule) throw new Error('rule insert failed');
  await db.insert(automationDevices).values({ automationId: rule.id, deviceId: values.deviceId });
  return rule;
};

/** Polls until `read` gives what `done` wants (5 s at most), then answers the last value. */
export const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean) => {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((wake) => setTimeout(wake, 50));
  }
};
