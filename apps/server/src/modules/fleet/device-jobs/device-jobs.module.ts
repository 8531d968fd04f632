import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@/db/client';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import type { DeviceLink, GatewayListener } from '@/modules/fleet/device-gateway/gateway.port';
import { createFileSigner } from '@/modules/fleet/files/file-signature';
import { createFileStore } from '@/modules/fleet/files/file-store';
import { createFilesRepository } from '@/modules/fleet/files/files.repository';
import { filesRoutes } from '@/modules/fleet/files/files.routes';
import { createFilesService } from '@/modules/fleet/files/files.service';
import { createDeviceMonitoringRepository } from '@/modules/fleet/monitoring/device-monitoring.repository';
import { createDeviceMonitoringService } from '@/modules/fleet/monitoring/device-monitoring.service';
import { createMonitoringTemplatesRepository } from '@/modules/fleet/monitoring/monitoring-templates.repository';
import { createMonitoringTemplatesService } from '@/modules/fleet/monitoring/monitoring-templates.service';
import { monitoringRoutes } from '@/modules/fleet/monitoring/monitoring.routes';
import type { StatusService } from '@/modules/system/status/status.service';
import { createDeviceJobsRepository } from './device-jobs.repository';
import { deviceJobsRoutes } from './device-jobs.routes';
import { createDeviceJobsService } from './device-jobs.service';
import { createDeviceRequests } from './device-requests';
import { createJobWaiters } from './job-waiters';
import { createJobSweeper } from '@/modules/fleet/device-jobs/job-sweeper';
import { firmwareUpdatesRoutes } from './firmware-updates.routes';
import { createFirmwareUpdatesService } from './firmware-updates.service';

/**
 * Without a broker no device can connect: nothing is online, so commands wait in their rows, and
 * monitoring periods wait in theirs (the gateway sends them when the device says hello).
 */
export const noDeviceGateway: DeviceLink = {
  isOnline: () => false,
  sendCommand: () => Promise.reject(new Error('no device gateway runs in this instance')),
  pushConfig: () => Promise.resolve(),
};

export interface DeviceJobsModuleOptions {
  db: Database;
  status: Pick<StatusService, 'open' | 'publishMany'>;
  companies: Pick<CompaniesRepository, 'isVisible'>;
  /** The gateway's link and listener registry; null when this instance runs no gateway. */
  gateway: { link: DeviceLink; addListener(listener: GatewayListener): void } | null;
  /** Signs devices' download links (the server secret). */
  secret: string;
  dataDir: string;
  publicUrl: string;
  now: () => Date;
}

/**
 * Device jobs (actions, commands, firmware updates), the files they use, and monitoring periods
 * and templates. Registers its routes, hears the gateway, and sweeps expired jobs while it runs.
 * Returns the jobs service and the device requests for modules that talk to devices too.
 */
export const registerDeviceJobs = async (
  app: FastifyInstance,
  options: DeviceJobsModuleOptions,
) => {
  const { db, status, companies, gateway, now } = options;
  const link = gateway?.link ?? noDeviceGateway;
  const jobsRepository = createDeviceJobsRepository(db);
  const waiters = createJobWaiters();
  const jobsService = createDeviceJobsService({
    jobsRepository,
    status,
    link,
    now,
    log: app.log,
    waiters,
  });
  gateway?.addListener(jobsService);
  const requests = createDeviceRequests({ jobsRepository, link, waiters, now, log: app.log });

  const store = createFileStore(join(options.dataDir, 'files'));
  const filesService = createFilesService({
    filesRepository: createFilesRepository(db),
    companies,
    devices: jobsRepository,
    store,
    signer: createFileSigner(options.secret, options.publicUrl),
    now,
  });
  const firmwareUpdatesService = createFirmwareUpdatesService({
    jobs: jobsService,
    jobsRepository,
    files: filesService,
    isOnline: (deviceId) => link.isOnline(deviceId),
    now,
  });
  const templatesService = createMonitoringTemplatesService({
    templatesRepository: createMonitoringTemplatesRepository(db),
    companies,
  });
  const deviceMonitoringService = createDeviceMonitoringService({
    monitoringRepository: createDeviceMonitoringRepository(db),
    status,
    templates: templatesService,
    link,
    log: app.log,
  });

  await app.register(deviceJobsRoutes, { jobsService });
  await app.register(firmwareUpdatesRoutes, { firmwareUpdatesService });
  await app.register(filesRoutes, { filesService, store });
  await app.register(monitoringRoutes, { deviceMonitoringService, templatesService });

  const sweeper = createJobSweeper(jobsService, app.log);
  app.addHook('onReady', async () => sweeper.start());
  // Before the database closes, so a sweep in flight can finish.
  app.addHook('preClose', () => sweeper.stop());
  return { jobsService, requests };
};
