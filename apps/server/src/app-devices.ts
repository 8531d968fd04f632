import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { createDeviceGateway } from './modules/device-gateway/gateway';
import { createGatewayRepository } from './modules/device-gateway/gateway.repository';
import type { DeviceLink, GatewayListener } from './modules/device-gateway/gateway.port';
import {
  type DeviceJobsModuleOptions,
  registerDeviceJobs,
} from './modules/device-jobs/device-jobs.module';
import { createCompanyPaths } from './modules/device-live/company-paths';
import { createDeviceLive } from './modules/device-live/device-live';
import { devicesModule } from './modules/devices/devices.module';
import { mapRoutes } from './modules/map/map.routes';
import { statisticsModule } from './modules/statistics/statistics.module';
import type { StatusService } from './modules/status/status.service';
import { hotspotUsersModule, wirelessModule } from './modules/wireless/wireless.module';
import type { Broker } from './plugins/broker';
import type { RealtimePublisher } from './plugins/realtime-publisher';

export interface DeviceModulesOptions {
  config: Config;
  db: Database;
  jwtSecret: string;
  now: () => Date;
  status: StatusService;
  companies: DeviceJobsModuleOptions['companies'];
  publisher: RealtimePublisher;
  /** As BuildAppOptions: the broker devices connect to, or a stand-in link (tests). */
  broker?: Broker | undefined;
  deviceGateway?: { link: DeviceLink; addListener(listener: GatewayListener): void } | undefined;
  deviceChangesIntervalMs?: number | undefined;
}

/**
 * Everything about devices: the live device channels, the device, statistics, wireless and map
 * routes, the gateway to the broker (app.deviceGateway) and the device jobs that use it.
 */
export const registerDeviceModules = async (
  app: FastifyInstance,
  options: DeviceModulesOptions,
) => {
  const { config, db, now, status } = options;
  const deviceLive = createDeviceLive({
    publisher: options.publisher,
    companyPaths: createCompanyPaths(db),
    log: app.log,
    ...(options.deviceChangesIntervalMs ? { intervalMs: options.deviceChangesIntervalMs } : {}),
  });
  app.addHook('onReady', async () => deviceLive.start());
  app.addHook('onClose', () => deviceLive.close());
  await app.register(devicesModule, { db, status, now, changes: deviceLive });
  await app.register(statisticsModule, { db, now });
  await app.register(wirelessModule, { db });
  await app.register(mapRoutes, {
    tileUrl: config.mapTileUrl,
    tileAttribution: config.mapTileAttribution,
  });

  const deviceGateway = options.broker
    ? createDeviceGateway({
        broker: options.broker,
        repository: createGatewayRepository(db),
        log: app.log,
        now,
        retentionDays: config.telemetryRetentionDays,
        changes: deviceLive,
      })
    : null;
  app.decorate('deviceGateway', deviceGateway);
  if (deviceGateway) {
    app.addHook('onReady', () => deviceGateway.start());
    app.addHook('onClose', () => deviceGateway.close());
  }
  const deviceJobs = await registerDeviceJobs(app, {
    db,
    status,
    companies: options.companies,
    gateway: options.deviceGateway ?? deviceGateway,
    secret: options.jwtSecret,
    dataDir: config.dataDir,
    publicUrl: config.publicUrl,
    now,
  });
  await app.register(hotspotUsersModule, {
    db,
    jobs: deviceJobs.jobsService,
    requests: deviceJobs.requests,
  });
};
