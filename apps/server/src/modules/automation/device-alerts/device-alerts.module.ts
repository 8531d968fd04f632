import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { DeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import type { GatewayListener } from '@/modules/fleet/device-gateway/gateway.port';
import { createAlertEventsRepository } from './alert-events.repository';
import { createAlertHistoryRepository } from './alert-history.repository';
import { createAlertHistoryService } from './alert-history.service';
import { createAlertIngest } from './alert-ingest';
import { createDeviceAlertsRepository } from './device-alerts.repository';
import { deviceAlertsRoutes } from './device-alerts.routes';
import { createDeviceAlertsService } from './device-alerts.service';

export interface DeviceAlertsDeps {
  jobs: Pick<DeviceJobsService, 'dispatch'>;
  jobsRepository: Pick<DeviceJobsRepository, 'insert'>;
  addGatewayListener?: ((listener: GatewayListener) => void) | undefined;
}

/**
 * Device-side alert configurations (design §4.8): routes 18–27, `alerts_config` jobs (re-sent on
 * hello when expired), and the devices' `al` events written in batches into alert_events with
 * pending alert_actions, which the automations action runner's sweep runs.
 */
export const deviceAlertsModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  deps: DeviceAlertsDeps,
) => {
  const deviceAlerts = createDeviceAlertsService({
    transaction: context.transaction,
    repository: createDeviceAlertsRepository(context.db),
    jobsRepository: deps.jobsRepository,
    jobs: deps.jobs,
    status: context.status,
    now: context.now,
  });
  const alertHistory = createAlertHistoryService({
    repository: createAlertHistoryRepository(context.db),
  });
  await app.register(deviceAlertsRoutes, { deviceAlerts, alertHistory });

  const ingest = createAlertIngest({
    repository: createAlertEventsRepository(context.db),
    log: app.log,
    now: context.now,
  });
  deps.addGatewayListener?.({
    alerted: (deviceId, message) => ingest.add(deviceId, message),
    devicesReady: (devices) => deviceAlerts.resendExpired(devices.map((device) => device.deviceId)),
  });
  app.addHook('onReady', async () => ingest.start());
  // After the gateway closed (onClose runs in reverse): nothing more arrives, the rest is written.
  app.addHook('onClose', async () => ingest.close());
  return { deviceAlerts, ingest };
};
