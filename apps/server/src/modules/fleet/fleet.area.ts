import type { FastifyInstance } from 'fastify';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import type { ModuleContext } from '@/modules/context';
import { createDeviceGateway } from '@/modules/fleet/device-gateway/gateway';
import { createGatewayRepository } from '@/modules/fleet/device-gateway/gateway.repository';
import type { DeviceLink, GatewayListener } from '@/modules/fleet/device-gateway/gateway.port';
import { createPresence } from '@/modules/fleet/device-gateway/presence';
import { createPresenceRepository } from '@/modules/fleet/device-gateway/presence.repository';
import { authDevicesModule } from '@/modules/fleet/auth-devices/auth-devices.module';
import { dataCollectModule } from '@/modules/fleet/data-collect/data-collect.module';
import { deviceDocumentationsModule } from '@/modules/fleet/device-documentations/device-documentations.module';
import { esimModule } from '@/modules/fleet/esim/esim.module';
import { deviceDashboardsModule } from '@/modules/fleet/device-dashboards/device-dashboards.module';
import { deviceJobsModule, noDeviceGateway } from '@/modules/fleet/device-jobs/device-jobs.module';
import { filesModule } from '@/modules/fleet/files/files.module';
import { imagesModule } from '@/modules/fleet/images/images.module';
import { monitoringModule } from '@/modules/fleet/monitoring/monitoring.module';
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

  // Before the gateway: it hands the identities it refuses for another device's serial here.
  const { refusals } = await authDevicesModule(app, context, { changes: deviceLive });
  const deviceGateway = options.broker
    ? createDeviceGateway({
        broker: options.broker,
        repository: createGatewayRepository(db),
        log: app.log,
        now,
        retentionDays: config.telemetryRetentionDays,
        changes: deviceLive,
        refusals,
      })
    : null;
  app.decorate('deviceGateway', deviceGateway);
  if (deviceGateway) {
    app.addHook('onReady', () => deviceGateway.start());
    app.addHook('onClose', () => deviceGateway.close());
  }
  // What every module that talks to devices goes through: the broker's gateway, a stand-in
  // (tests), or nothing when this instance runs no broker.
  const gateway = options.deviceGateway ?? deviceGateway;
  const link = gateway?.link ?? noDeviceGateway;
  const presence = createPresence({
    here: (deviceId) => link.isOnline(deviceId),
    // Behind an external broker any instance publishes to any device, and other instances may
    // hold what it said; a stand-in gateway (tests) follows MQTT_URL as server.ts would.
    shared:
      gateway !== null &&
      (options.broker ? options.broker.kind === 'external' : config.mqttUrl !== undefined),
    repository: createPresenceRepository(db),
  });

  await app.register(devicesModule, {
    db,
    status,
    now,
    changes: deviceLive,
    pushConfig: (deviceId, periods) => link.pushConfig(deviceId, periods),
  });
  await app.register(wirelessModule, { db });
  await app.register(mapRoutes, {
    tileUrl: config.mapTileUrl,
    tileAttribution: config.mapTileAttribution,
  });
  const { filesService, backups, deviceFiles } = await filesModule(app, context, {
    companies: options.companies,
  });
  await imagesModule(app, context, { companies: options.companies });
  await deviceDashboardsModule(app, context);
  const { jobsService, jobsRepository, requests } = await deviceJobsModule(app, context, {
    gateway,
    link,
    presence,
    files: filesService,
    backups,
  });
  const { monitoringSteps } = await monitoringModule(app, context, {
    companies: options.companies,
    link,
  });
  await app.register(hotspotUsersModule, { db, jobs: jobsService, requests, now });
  await app.register(esimModule, {
    jobsRepository,
    jobs: jobsService,
    requests,
    status,
    presence,
  });
  const { documentations } = await deviceDocumentationsModule(app, context);
  await dataCollectModule(app, context, {
    companies: options.companies,
    jobsRepository,
    jobs: jobsService,
    gateway,
    documentations,
  });
  // Remote access asks the same presence whether a device is connected, and the broker's gateway
  // to ask it to dial a tunnel; the task manager runs its steps as device jobs.
  return {
    link,
    presence,
    requests,
    requestTunnel: deviceGateway?.requestTunnel ?? null,
    jobs: jobsService,
    backups,
    deviceFiles,
    monitoringSteps,
    jobsRepository,
    files: filesService,
    /** How other areas hear readings, statuses and acks (automations); no-op without a gateway. */
    addGatewayListener: (listener: GatewayListener) => gateway?.addListener(listener),
  };
};
