import type { FastifyInstance } from 'fastify';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import type { ModuleContext } from '@/modules/context';
import { createDeviceGateway } from '@/modules/fleet/device-gateway/gateway';
import { createGatewayRepository } from '@/modules/fleet/device-gateway/gateway.repository';
import type { DeviceLink, GatewayListener } from '@/modules/fleet/device-gateway/gateway.port';
import { registerDeviceJobs } from '@/modules/fleet/device-jobs/device-jobs.module';
import { createCompanyPaths } from '@/modules/fleet/device-live/company-paths';
import { createDeviceLive } from '@/modules/fleet/device-live/device-live';
import { devicesModule } from '@/modules/fleet/devices/devices.module';
import { mapRoutes } from '@/modules/fleet/map/map.routes';
import { hotspotUsersModule, wirelessModule } from '@/modules/fleet/wireless/wireless.module';
import type { Broker } from '@/plugins/broker';

export interface FleetAreaOptions {
  companies: CompaniesRepository;
  /** As BuildAppOptions: the broker devices connect to, or a stand-in link (tests). */
  broker?: Broker | undefined;
  deviceGateway?: { link: DeviceLink; addListener(listener: GatewayListener): void } | undefined;
  deviceChangesIntervalMs?: number | undefined;
}

/**
 * Everything about devices: the live device channels, the device, wireless and map routes, the
 * gateway to the broker (app.deviceGateway) and the device jobs, files and monitoring that use it.
 */
export const fleetArea = async (
  app: FastifyInstance,
  context: ModuleContext,
  options: FleetAreaOptions,
) => {
  const { config, db, now, status } = context;
  const deviceLive = createDeviceLive({
    publisher: context.publisher,
    companyPaths: createCompanyPaths(db),
    log: app.log,
    ...(options.deviceChangesIntervalMs ? { intervalMs: options.deviceChangesIntervalMs } : {}),
  });
  app.addHook('onReady', async () => deviceLive.start());
  app.addHook('onClose', () => deviceLive.close());
  await app.register(devicesModule, {
    db,
    status,
    now,
    changes: deviceLive,
    // The gateway is created below; the link is looked up when a device's periods change.
    pushConfig: async (deviceId, config) => {
      const link = options.deviceGateway?.link ?? app.deviceGateway?.link;
      if (link) await link.pushConfig(deviceId, config);
    },
  });
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
    secret: context.jwtSecret,
    dataDir: config.dataDir,
    publicUrl: config.publicUrl,
    now,
  });
  await app.register(hotspotUsersModule, {
    db,
    jobs: deviceJobs.jobsService,
    requests: deviceJobs.requests,
    now,
  });
};
