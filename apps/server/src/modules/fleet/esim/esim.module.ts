import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import type { DeviceRequests } from '@/modules/fleet/device-jobs/device-requests';
import type { Presence } from '@/modules/fleet/device-gateway/presence';
import type { StatusService } from '@/modules/system/status/status.service';
import { esimRoutes } from './esim.routes';
import { createEsimService } from './esim.service';

interface EsimModuleOptions {
  jobsRepository: Pick<DeviceJobsRepository, 'visibleDevices'>;
  jobs: Pick<DeviceJobsService, 'createJobs'>;
  /** The bootstrap check asks the device while its channel waits. */
  requests: Pick<DeviceRequests, 'ask'>;
  status: Pick<StatusService, 'open' | 'publish'>;
  presence: Pick<Presence, 'isOnline'>;
}

/** eSIM profiles: device commands, so registered once the device jobs exist (fleet.area.ts). */
export const esimModule: FastifyPluginAsyncZod<EsimModuleOptions> = async (app, options) => {
  await app.register(esimRoutes, { esimService: createEsimService({ ...options, log: app.log }) });
};
