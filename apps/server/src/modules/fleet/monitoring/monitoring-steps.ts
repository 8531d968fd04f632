import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '@/db/client';
import type { DeviceLink } from '@/modules/fleet/device-gateway/gateway.port';
import type { DeviceMonitoringRepository, Periods } from './device-monitoring.repository';
import { configMessageOf } from './device-monitoring.service';

/**
 * Monitoring changes as task steps: periods stored in the engine's transaction, and the device's
 * config pushed once it committed (the gateway pushes it again whenever the device says hello).
 */
export const createMonitoringSteps = ({
  repository,
  link,
  log,
}: {
  repository: Pick<DeviceMonitoringRepository, 'updatePeriods'>;
  link: Pick<DeviceLink, 'pushConfig'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) => ({
  apply: (deviceId: number, periods: Partial<Periods>, tx: Executor) =>
    repository.updatePeriods(deviceId, periods, tx),

  async push(deviceId: number, periods: Periods) {
    try {
      await link.pushConfig(deviceId, configMessageOf(periods));
    } catch (error) {
      log.warn({ err: error, deviceId }, 'monitoring config not pushed');
    }
  },
});

export type MonitoringSteps = ReturnType<typeof createMonitoringSteps>;
