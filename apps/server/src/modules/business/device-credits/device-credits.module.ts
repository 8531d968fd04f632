import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { CreditLedger } from '../credits/credit-ledger';
import type { CreditEvents } from '../credits/credits.service';
import { createDeviceCreditSweep } from './device-credit-sweep';
import { createDeviceCreditsRepository } from './device-credits.repository';
import { deviceCreditsRoutes } from './device-credits.routes';
import { createDeviceCreditsService } from './device-credits.service';
import { createDeviceDataPacksRepository } from './device-data-packs.repository';
import { deviceDataPacksRoutes } from './device-data-packs.routes';
import { createDeviceDataPacksService } from './device-data-packs.service';

/** How often ended periods are looked for: cheap (an indexed read) and safe to repeat. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Device services: management credits per device, spent through the credits module's ledger, the
 * hourly sweep that extends or ends their periods, and data packs per device.
 */
export const deviceCreditsModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  deps: { ledger: CreditLedger; events: CreditEvents },
) => {
  const repository = createDeviceCreditsRepository(context.db);
  const deviceCreditsService = createDeviceCreditsService({
    repository,
    ledger: deps.ledger,
    transaction: context.transaction,
    events: deps.events,
    status: context.status,
    actionLog: context.actionLog,
    now: context.now,
  });
  await app.register(deviceCreditsRoutes, { deviceCreditsService });
  const deviceDataPacksService = createDeviceDataPacksService({
    repository: createDeviceDataPacksRepository(),
    devices: repository,
    ledger: deps.ledger,
    transaction: context.transaction,
    events: deps.events,
    status: context.status,
    actionLog: context.actionLog,
    now: context.now,
  });
  await app.register(deviceDataPacksRoutes, { deviceDataPacksService });

  const sweep = createDeviceCreditSweep({
    repository,
    ledger: deps.ledger,
    transaction: context.transaction,
    events: deps.events,
    now: context.now,
  });
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(() =>
      sweep.run().then(
        (result) => {
          if (result.extended || result.expired) app.log.info(result, 'device credits settled');
        },
        (error: unknown) => app.log.error({ err: error }, 'device credit sweep failed'),
      ),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
};
