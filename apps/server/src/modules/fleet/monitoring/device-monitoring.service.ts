import {
  type ConfigMessage,
  DEVICE_JOB_MESSAGES,
  type DeviceCapabilities,
  deviceCapabilities,
  type DeviceMonitoringBody,
  type DeviceMonitoringItem,
  ERROR_CODES,
  type ErrorItem,
  MONITORING,
  type MonitoringParameter,
} from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { DeviceLink } from '@/modules/fleet/device-gateway/gateway.port';
import { deviceError } from '@/modules/fleet/device-jobs/device-job-mapper';
import type {
  DeviceMonitoringRepository,
  PeriodField,
  Periods,
} from './device-monitoring.repository';
import type { StatusService } from '@/modules/system/status/status.service';
import type { MonitoringTemplatesService } from './monitoring-templates.service';

type DeviceRow = Awaited<ReturnType<DeviceMonitoringRepository['visibleDevices']>>[number];

/** What the device supports: stored flags, else computed; null before it ever announced itself. */
const capabilitiesOf = (device: DeviceRow): DeviceCapabilities | null =>
  device.capabilities ?? (device.model ? deviceCapabilities(device.model, device.firmware) : null);

/** A template's periods as device fields: disabled parameters switch their category off. */
export const templatePeriods = (parameters: readonly MonitoringParameter[]): Partial<Periods> =>
  Object.fromEntries(
    parameters.flatMap((parameter) => {
      const entry = MONITORING.find((candidate) => candidate.key === parameter.key);
      return entry ? [[entry.field, parameter.enabled ? parameter.period : 0]] : [];
    }),
  );

/** RMS's monitoring_enabled: every category off, or the default period of each one supported. */
const switchPeriods = (enabled: 0 | 1, capabilities: DeviceCapabilities | null): Partial<Periods> =>
  Object.fromEntries(
    MONITORING.map((entry) => {
      const supported =
        entry.compatKey === null ||
        capabilities === null ||
        capabilities[entry.compatKey as keyof DeviceCapabilities];
      return [entry.field, enabled && supported ? entry.defaultPeriod : 0];
    }),
  );

const itemPeriods = (item: DeviceMonitoringItem): Partial<Periods> =>
  Object.fromEntries(
    MONITORING.flatMap((entry) => {
      const value = item[entry.field as PeriodField];
      return value === undefined ? [] : [[entry.field, value]];
    }),
  );

/** The retained config message the device reads its periods from. */
export const configMessageOf = (periods: Periods): ConfigMessage => ({
  periods: Object.fromEntries(
    MONITORING.map((entry) => [entry.key, periods[entry.field as PeriodField]]),
  ),
});

interface Deps {
  monitoringRepository: DeviceMonitoringRepository;
  status: Pick<StatusService, 'open' | 'publishMany'>;
  templates: Pick<MonitoringTemplatesService, 'parametersOf'>;
  link: Pick<DeviceLink, 'pushConfig'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * PUT /devices/monitoring: periods per device, from the item's fields over an optional template.
 * A category the device lacks may only be switched off. The database is the truth; the config is
 * pushed retained, and the gateway publishes it again whenever the device says hello.
 */
export const createDeviceMonitoringService = ({
  monitoringRepository,
  status,
  templates,
  link,
  log,
}: Deps) => ({
  async update(auth: AuthContext, body: DeviceMonitoringBody) {
    const devices = new Map(
      (
        await monitoringRepository.visibleDevices(
          auth,
          body.data.map((item) => item.device_id),
        )
      ).map((device) => [device.id, device]),
    );
    const templateCache = new Map<number, MonitoringParameter[] | null>();
    const data: { device_id: number; periods: Periods }[] = [];
    const errors: ErrorItem[] = [];

    for (const item of body.data) {
      const device = devices.get(item.device_id);
      if (!device) {
        errors.push(deviceError(item.device_id, DEVICE_JOB_MESSAGES.deviceNotFound));
        continue;
      }
      let periods: Partial<Periods> =
        item.monitoring_enabled === undefined
          ? {}
          : switchPeriods(item.monitoring_enabled, capabilitiesOf(device));
      if (item.template_id !== undefined) {
        if (!templateCache.has(item.template_id)) {
          templateCache.set(item.template_id, await templates.parametersOf(auth, item.template_id));
        }
        const parameters = templateCache.get(item.template_id);
        if (!parameters) {
          errors.push(deviceError(item.device_id, DEVICE_JOB_MESSAGES.templateNotFound));
          continue;
        }
        periods = { ...periods, ...templatePeriods(parameters) };
      }
      periods = { ...periods, ...itemPeriods(item) };
      if (Object.keys(periods).length === 0) {
        errors.push(
          deviceError(
            item.device_id,
            DEVICE_JOB_MESSAGES.nothingToChange,
            ERROR_CODES.VALIDATION_ERROR,
          ),
        );
        continue;
      }
      const capabilities = capabilitiesOf(device);
      const unsupported = MONITORING.find(
        (entry) =>
          entry.compatKey !== null &&
          capabilities !== null &&
          !capabilities[entry.compatKey as keyof DeviceCapabilities] &&
          (periods[entry.field as PeriodField] ?? 0) > 0,
      );
      if (unsupported) {
        errors.push(
          deviceError(
            item.device_id,
            DEVICE_JOB_MESSAGES.unsupportedCategory(unsupported.label),
            ERROR_CODES.VALIDATION_ERROR,
          ),
        );
        continue;
      }
      const stored = await monitoringRepository.updatePeriods(item.device_id, periods);
      data.push({ device_id: item.device_id, periods: stored });
      try {
        await link.pushConfig(item.device_id, configMessageOf(stored));
      } catch (error) {
        log.warn({ err: error, deviceId: item.device_id }, 'monitoring config not pushed');
      }
    }
    // Nothing changed: the refusal carries every error, and no channel is left behind unread.
    if (data.length === 0) return { data, errors, channel: null };
    // RMS answers with a status channel: each device's outcome is on it before the answer leaves.
    const channel = await status.open(auth.user.id);
    await status.publishMany(channel, [
      ...data.map(({ device_id }) => ({
        item: String(device_id),
        update: { status: 'completed' as const, value: DEVICE_JOB_MESSAGES.monitoringUpdated },
      })),
      ...errors.map((error) => ({
        item: String(error.source),
        update: { status: 'error' as const, value: error.message, errorcode: error.code },
      })),
    ]);
    return { data, errors, channel };
  },
});

export type DeviceMonitoringService = ReturnType<typeof createDeviceMonitoringService>;
