import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { DeviceChangeSink } from '@/modules/fleet/device-live/device-live';
import { createAuthDevicesRepository } from './auth-devices.repository';
import { authDevicesRoutes } from './auth-devices.routes';
import { createAuthDevicesService } from './auth-devices.service';

/**
 * Approved devices: the routes, and the store the device gateway hands refused identities to
 * (the fleet area passes it to the gateway).
 */
export const authDevicesModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  options: { changes?: Pick<DeviceChangeSink, 'add'> },
) => {
  const authDevicesRepository = createAuthDevicesRepository(context.db);
  const authDevicesService = createAuthDevicesService({
    authDevicesRepository,
    transaction: context.transaction,
    actionLog: context.actionLog,
    changes: options.changes,
    // Late: the gateway is built after this module (it takes the refusals store from here).
    forgetCredential: (deviceId) => app.deviceGateway?.forgetCredential(deviceId),
    now: context.now,
  });
  await app.register(authDevicesRoutes, { authDevicesService });
  return { refusals: { record: authDevicesRepository.record } };
};
