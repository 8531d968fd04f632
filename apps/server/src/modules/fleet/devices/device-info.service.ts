import {
  CONNECTED_CODES,
  CONNECTION_CODES,
  connectionLogMessage,
  DEVICE_MESSAGES,
  type DataUsageDay,
  ERROR_CODES,
  INFORMATION_MAX_POINTS,
  type InformationDatetimes,
  type InformationHistoryRow,
  simLabel,
  TELEMETRY_CATEGORIES,
  type TelemetryCategory,
} from '@netfleet/contracts';
import { ApiError, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { DeviceInfoRepository, Range } from './device-info.repository';
import { HISTORY_SOURCES, historyRow, parameterRow, rmsReading } from './device-readings';
import { createDeviceStatisticsService } from './device-statistics.service';
import type { DeviceStatsRepository } from './device-stats.repository';
import type { DevicesRepository } from './devices.repository';
import { toApiDate } from '@/lib/dates';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Most GPS points one location history answer holds. */
const LOCATION_MAX_POINTS = 5000;

/** start_date/end_date, defaulting to the last 24 hours; an inverted range is the client's 400. */
export const rangeOf = (
  query: { start_date?: Date | undefined; end_date?: Date | undefined },
  now: Date,
): Range => {
  const to = query.end_date ?? now;
  const from = query.start_date ?? new Date(to.getTime() - DAY_MS);
  if (from > to) {
    throw new ApiError(
      400,
      ERROR_CODES.VALIDATION_ERROR,
      'start_date is after end_date',
      'start_date',
    );
  }
  return { from, to };
};

/** Connection log codes after which the device was in: RMS's `status: true`. */
const GOT_IN_CODES = new Set<number>([...CONNECTED_CODES, CONNECTION_CODES.identityChanged]);

const categoryIndex = (category: TelemetryCategory) => TELEMETRY_CATEGORIES.indexOf(category);
const iso = (value: Date | string) => new Date(value).toISOString();
const num = (value: unknown) => (typeof value === 'number' ? value : null);

interface Deps {
  devicesRepository: Pick<DevicesRepository, 'find' | 'scopeOf'>;
  deviceInfoRepository: DeviceInfoRepository;
  deviceStatsRepository: DeviceStatsRepository;
  now: () => Date;
}

/**
 * Logs, telemetry, data usage and statistics of the devices the caller sees; the statistics come
 * from device-statistics.service, composed here so routes keep one service.
 */
export const createDeviceInfoService = ({
  devicesRepository,
  deviceInfoRepository: info,
  deviceStatsRepository,
  now,
}: Deps) => {
  const requireDevice = async (auth: AuthContext, id: number) => {
    const row = await devicesRepository.find(auth, id);
    if (!row) throw notFound(DEVICE_MESSAGES.notFound);
    return row;
  };

  return {
    async logs(
      auth: AuthContext,
      deviceId: number | null,
      page: { limit: number; offset: number },
    ) {
      if (deviceId !== null) await requireDevice(auth, deviceId);
      const { rows, total } = await info.logs(auth, deviceId, page);
      const data = rows.map((row) => {
        const message = connectionLogMessage(row.code, row.reason);
        return {
          id: row.id,
          device_id: row.deviceId,
          company_id: row.companyId,
          user_id: null,
          serial: row.serial,
          type: 'connection',
          status: GOT_IN_CODES.has(row.code),
          log: message,
          user_agent: null,
          ip: row.ip,
          code: row.code,
          reason: row.reason,
          message,
          created_at: toApiDate(row.createdAt),
        };
      });
      return { data, total };
    },

    async information(auth: AuthContext, id: number, type: TelemetryCategory, range: Range) {
      await requireDevice(auth, id);
      const rows = await info.series(id, categoryIndex(type), range, INFORMATION_MAX_POINTS);
      return rows.map((row) => rmsReading(iso(row.ts), row.data));
    },

    /** RMS's flat row of the device at a time (none before its first reading), readings beside. */
    async history(auth: AuthContext, id: number, at: Date | undefined) {
      await requireDevice(auth, id);
      const rows = await info.latestPerCategory(id, at ?? now());
      return rows.length ? [historyRow(id, rows)] : [];
    },

    /**
     * One parameter at a time: one of RMS's (a field of the history row) or a key of any
     * category's reading (`category.key` for one category), as RMS's `{created_at, <parameter>}`.
     */
    async parameter(auth: AuthContext, id: number, at: Date | undefined, parameter: string) {
      await requireDevice(auth, id);
      const rows = await info.latestPerCategory(id, at ?? now());
      if (Object.hasOwn(HISTORY_SOURCES, parameter)) {
        const source = rows.find(
          (row) => TELEMETRY_CATEGORIES[row.category] === HISTORY_SOURCES[parameter],
        );
        if (!source) return [];
        const value = historyRow(id, rows)[parameter as keyof InformationHistoryRow];
        return [parameterRow(parameter, toApiDate(new Date(source.ts)), source.category, value)];
      }
      const [scope, key] = parameter.includes('.') ? parameter.split('.', 2) : [null, parameter];
      for (const row of rows) {
        const category = TELEMETRY_CATEGORIES[row.category] ?? null;
        if (scope !== null && scope !== category) continue;
        if (key !== undefined && Object.hasOwn(row.data, key)) {
          return [
            parameterRow(parameter, toApiDate(new Date(row.ts)), row.category, row.data[key]),
          ];
        }
      }
      return [];
    },

    /** Times the device reported at, newest first, grouped by day (UTC) as RMS answers them. */
    async datetimes(auth: AuthContext, id: number, limit: number) {
      await requireDevice(auth, id);
      const days: InformationDatetimes[] = [];
      for (const ts of await info.datetimes(id, limit)) {
        const time = iso(ts);
        const date = time.slice(0, 10);
        const day = days.at(-1);
        if (day?.date === date) day.times.push(time);
        else days.push({ date, times: [time] });
      }
      return days;
    },

    async dataUsage(auth: AuthContext, id: number, range: Range) {
      await requireDevice(auth, id);
      const day = (date: Date) => date.toISOString().slice(0, 10);
      const rows = await info.dataUsage(id, day(range.from), day(range.to));
      // Rows come ordered by day (then modem, SIM): grouped into RMS's days → modems → SIMs.
      const days: DataUsageDay[] = [];
      for (const row of rows) {
        let date = days.at(-1);
        if (date?.date !== row.day) {
          date = { date: row.day, modems: [] };
          days.push(date);
        }
        const modemId = String(row.modem);
        let modem = date.modems.find((m) => m.modem_id === modemId);
        if (!modem) {
          modem = { modem_id: modemId, sims: [] };
          date.modems.push(modem);
        }
        modem.sims.push({
          sim_id: row.sim,
          sim_label: simLabel(row.sim),
          data: { rx: Math.round(row.rx), tx: Math.round(row.tx) },
        });
      }
      return days;
    },

    async locations(auth: AuthContext, id: number, range: Range) {
      await requireDevice(auth, id);
      const rows = await info.series(id, categoryIndex('gps'), range, LOCATION_MAX_POINTS);
      return rows
        .filter((row) => num(row.data.latitude) !== null && num(row.data.longitude) !== null)
        .map((row) => ({
          datetime: iso(row.ts),
          created_at: toApiDate(new Date(row.ts)),
          latitude: num(row.data.latitude) ?? 0,
          longitude: num(row.data.longitude) ?? 0,
          altitude: num(row.data.altitude),
          speed: num(row.data.speed),
          satellites: num(row.data.satellites),
        }));
    },
    ...createDeviceStatisticsService({ devicesRepository, deviceStatsRepository, now }),
  };
};

export type DeviceInfoService = ReturnType<typeof createDeviceInfoService>;
