import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import type { DeviceRequests } from '@/modules/fleet/device-jobs/device-requests';
import { hotspotUsersRoutes } from './hotspot-users.routes';
import { createHotspotUsersService } from './hotspot-users.service';
import { createWirelessRepository } from './wireless.repository';
import { wirelessRoutes } from './wireless.routes';
import { createWirelessService } from './wireless.service';

/** RMS v3 hotspots and wireless: the devices' latest Wi-Fi and hotspot readings as lists. */
export const wirelessModule: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const wirelessService = createWirelessService({
    wirelessRepository: createWirelessRepository(db),
  });
  await app.register(wirelessRoutes, { wirelessService });
};

export interface HotspotUsersModuleOptions {
  db: Database;
  jobs: Pick<DeviceJobsService, 'createJobs'>;
  requests: Pick<DeviceRequests, 'ask'>;
  now?: () => Date;
}

/**
 * RMS v3 hotspot users: device commands, so registered once the device jobs exist (app.ts).
 */
export const hotspotUsersModule: FastifyPluginAsyncZod<HotspotUsersModuleOptions> = async (
  app,
  { db, jobs, requests, now },
) => {
  const hotspotUsersService = createHotspotUsersService({
    wirelessRepository: createWirelessRepository(db),
    jobs,
    requests,
    ...(now ? { now } : {}),
  });
  await app.register(hotspotUsersRoutes, { hotspotUsersService });
};
