import type { ConfigMessage } from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import type { DeviceChangeSink } from '@/modules/fleet/device-live/device-live';
import type { StatusService } from '@/modules/system/status/status.service';
import { createDeviceImportService } from './device-import.service';
import { createDeviceInfoRepository } from './device-info.repository';
import { createDeviceInfoService } from './device-info.service';
import { createDeviceStatsRepository } from './device-stats.repository';
import { createDeviceTagsRepository } from './device-tags.repository';
import { deviceTagsRoutes } from './device-tags.routes';
import { createDeviceTagsService } from './device-tags.service';
import { deviceTransferRoutes } from './device-transfer.routes';
import { createDevicesRepository } from './devices.repository';
import { devicesRoutes } from './devices.routes';
import { createDevicesService } from './devices.service';
import { devicesReadRoutes } from './devices-read.routes';
import { createDevicesWriteService } from './devices-write.service';

export interface DevicesModuleOptions {
  db: Database;
  status: Pick<StatusService, 'open' | 'publish'>;
  now: () => Date;
  /** Hears of devices added, removed, moved or reset to pending (the live device channels). */
  changes: DeviceChangeSink;
  /** Sends a device its monitoring config (PUT /devices/{id} periods); looked up at call time. */
  pushConfig?: ((deviceId: number, config: ConfigMessage) => Promise<void>) | undefined;
}

/** The devices REST API (RMS v3 devices, tags, logs, graph, history, usage, statistics). */
export const devicesModule: FastifyPluginAsyncZod<DevicesModuleOptions> = async (
  app,
  { db, status, now, changes, pushConfig },
) => {
  const devicesRepository = createDevicesRepository(db);
  const deviceTagsRepository = createDeviceTagsRepository(db);
  const devicesService = createDevicesService({
    devicesRepository,
    deviceTagsRepository,
    changes,
    pushConfig,
  });
  const devicesWriteService = createDevicesWriteService({
    devicesRepository,
    deviceTagsRepository,
    status,
    changes,
  });
  const deviceImportService = createDeviceImportService({
    writes: devicesWriteService,
    deviceTagsRepository,
  });
  const deviceTagsService = createDeviceTagsService({ devicesRepository, deviceTagsRepository });
  const deviceInfoService = createDeviceInfoService({
    devicesRepository,
    deviceInfoRepository: createDeviceInfoRepository(db),
    deviceStatsRepository: createDeviceStatsRepository(db),
    now,
  });

  await app.register(devicesRoutes, { devicesService, devicesWriteService });
  await app.register(deviceTransferRoutes, { devicesService, deviceImportService });
  await app.register(deviceTagsRoutes, { deviceTagsService });
  await app.register(devicesReadRoutes, { deviceInfoService, now });
};
