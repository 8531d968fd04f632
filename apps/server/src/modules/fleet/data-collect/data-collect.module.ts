import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { DeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import type { GatewayListener } from '@/modules/fleet/device-gateway/gateway.port';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import type { DeviceDocumentationsService } from '@/modules/fleet/device-documentations/device-documentations.service';
import { createCollectIngest } from './collect-ingest';
import { createCollectedRepository } from './collected.repository';
import { DATA_COLLECT_RETENTION_DAYS } from './data-collect.mapper';
import { createDataCollectRepository } from './data-collect.repository';
import { dataCollectRoutes } from './data-collect.routes';
import { createDataCollectService } from './data-collect.service';

const PRUNE_INTERVAL_MS = 6 * 3_600_000;

/**
 * Data collection: configs and assignments (routes), devices told by `collect_config` jobs, and
 * what they send, heard from the gateway and written in batches.
 */
export const dataCollectModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  deps: {
    companies: Pick<CompaniesRepository, 'isVisible'>;
    jobsRepository: Pick<DeviceJobsRepository, 'insert'>;
    jobs: Pick<DeviceJobsService, 'dispatch'>;
    gateway: { addListener(listener: GatewayListener): void } | null;
    documentations: Pick<DeviceDocumentationsService, 'find'>;
  },
) => {
  const repository = createDataCollectRepository(context.db);
  const dataCollect = createDataCollectService({
    transaction: context.transaction,
    repository,
    companies: deps.companies,
    jobsRepository: deps.jobsRepository,
    jobs: deps.jobs,
    status: context.status,
    actionLog: context.actionLog,
    findDocumentation: (id) => deps.documentations.find(id),
    now: context.now,
  });
  await app.register(dataCollectRoutes, { dataCollect });

  const collected = createCollectedRepository(context.db);
  const ingest = createCollectIngest({
    repository: collected,
    webhooks: context.webhooks.service,
    log: app.log,
    now: context.now,
  });
  deps.gateway?.addListener({
    collected: (deviceId, message) => ingest.add(deviceId, message),
    devicesReady: (devices) => dataCollect.resendExpired(devices.map((device) => device.deviceId)),
  });
  const prune = () => {
    const before = new Date(context.now().getTime() - DATA_COLLECT_RETENTION_DAYS * 86_400_000);
    void collected
      .prune(before)
      .catch((error: unknown) => app.log.error({ err: error }, 'data collect prune failed'));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    ingest.start();
    prune();
    timer = setInterval(prune, PRUNE_INTERVAL_MS);
    timer.unref();
  });
  // After the gateway closed (onClose runs in reverse): nothing more arrives, the rest is written.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await ingest.close();
  });
};
