import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { DeviceLink, GatewayListener } from '@/modules/fleet/device-gateway/gateway.port';
import type { Presence } from '@/modules/fleet/device-gateway/presence';
import type { DeviceBackups } from '@/modules/fleet/files/device-backups';
import type { FilesService } from '@/modules/fleet/files/files.service';
import { createDeviceJobsRepository } from './device-jobs.repository';
import { deviceJobsRoutes } from './device-jobs.routes';
import { createDeviceJobsService } from './device-jobs.service';
import { createDeviceRequests } from './device-requests';
import { firmwareUpdatesRoutes } from './firmware-updates.routes';
import { createFirmwareUpdatesService } from './firmware-updates.service';
import { createJobArgsRenderers } from './job-args';
import { createJobSweeper } from './job-sweeper';
import { createJobWaiters } from './job-waiters';

/**
 * Without a broker no device can connect: nothing is online, so commands wait in their rows, and
 * monitoring periods wait in theirs (the gateway sends them when the device says hello).
 */
export const noDeviceGateway: DeviceLink = {
  isOnline: () => false,
  sendCommand: () => Promise.reject(new Error('no device gateway runs in this instance')),
  sendCommands: (commands) => Promise.resolve(commands.map((_, index) => index)),
  pushConfig: () => Promise.resolve(),
};

export interface DeviceJobsDeps {
  /** The gateway's listener registry; null when this instance runs no gateway. */
  gateway: { addListener(listener: GatewayListener): void } | null;
  link: DeviceLink;
  /** Whether a device is connected, here or at another instance (requests, firmware updates). */
  presence: Presence;
  files: FilesService;
  backups: Pick<DeviceBackups, 'exportArgs'>;
}

/**
 * Device jobs (actions, commands, firmware updates): registers their routes, hears the gateway,
 * and sweeps expired jobs while it runs. Returns the jobs service and the device requests for
 * modules that talk to devices too.
 */
export const deviceJobsModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  { gateway, link, presence, files, backups }: DeviceJobsDeps,
) => {
  const { db, status, now } = context;
  const jobsRepository = createDeviceJobsRepository(db);
  const waiters = createJobWaiters();
  // One registry for both ways a command goes out: queued jobs and requests answered in the response.
  const renderers = createJobArgsRenderers(app.log);
  const jobsService = createDeviceJobsService({
    jobsRepository,
    status,
    link,
    presence,
    now,
    log: app.log,
    waiters,
    renderers,
  });
  gateway?.addListener(jobsService);
  const requests = createDeviceRequests({
    jobsRepository,
    link,
    presence,
    waiters,
    renderers,
    now,
    log: app.log,
  });
  const firmwareUpdatesService = createFirmwareUpdatesService({
    jobs: jobsService,
    jobsRepository,
    files,
    presence,
    now,
  });

  await app.register(deviceJobsRoutes, { jobsService, backups });
  await app.register(firmwareUpdatesRoutes, { firmwareUpdatesService });

  const sweeper = createJobSweeper(jobsService, app.log);
  app.addHook('onReady', async () => sweeper.start());
  // Before the database closes, so a sweep in flight can finish.
  app.addHook('preClose', () => sweeper.stop());
  return { jobsService, jobsRepository, requests };
};
