import {
  COMPANY_MESSAGES,
  connectionLogMessage,
  DEVICE_MESSAGES,
  DEVICE_STATISTIC_CHARTS,
  type DeviceListQuery,
  ERROR_CODES,
  INFORMATION_MAX_POINTS,
  ONLINE_STATISTICS_MAX_DAYS,
  simLabel,
  TELEMETRY_CATEGORIES,
  type TelemetryCategory,
} from '@netfleet/contracts';
import { ApiError, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/auth/auth.types';
import type { DeviceInfoRepository, Range } from './device-info.repository';
import { deviceWhere } from './device-query';
import type { DeviceStatsRepository } from './device-stats.repository';
import type { DevicesRepository } from './devices.repository';

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

const categoryIndex = (category: TelemetryCategory) => TELEMETRY_CATEGORIES.indexOf(category);
const iso = (value: Date | string) => new Date(value).toISOString();
const num = (value: unknown) => (typeof value === 'number' ? value : null);

interface Deps {
  devicesRepository: Pick<DevicesRepository, 'find' | 'scopeOf'>;
  deviceInfoRepository: DeviceInfoRepository;
  deviceStatsRepository: DeviceStatsRepository;
  now: () => Date;
}

/** Logs, telemetry, data usage and statistics of the devices the caller sees. */
export const createDeviceInfoService = ({
  devicesRepository,
  deviceInfoRepository: info,
  deviceStatsRepository: stats,
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
      const data = rows.map((row) => ({
        id: row.id,
        device_id: row.deviceId,
        code: row.code,
        reason: row.reason,
        message: connectionLogMessage(row.code, row.reason),
        created_at: row.createdAt.toISOString(),
      }));
      return { data, total };
    },

    async information(auth: AuthContext, id: number, type: TelemetryCategory, range: Range) {
      await requireDevice(auth, id);
      const rows = await info.series(id, categoryIndex(type), range, INFORMATION_MAX_POINTS);
      return rows.map((row) => ({ datetime: iso(row.ts), data: row.data }));
    },

    async history(auth: AuthContext, id: number, at: Date | undefined) {
      await requireDevice(auth, id);
      const rows = await info.latestPerCategory(id, at ?? now());
      return Object.fromEntries(
        rows.map((row) => [
          TELEMETRY_CATEGORIES[row.category] ?? String(row.category),
          { datetime: iso(row.ts), data: row.data },
        ]),
      );
    },

    /** One parameter (a key of any category's reading, or `category.key`) at a time. */
    async parameter(auth: AuthContext, id: number, at: Date | undefined, parameter: string) {
      await requireDevice(auth, id);
      const [scope, key] = parameter.includes('.') ? parameter.split('.', 2) : [null, parameter];
      for (const row of await info.latestPerCategory(id, at ?? now())) {
        const category = TELEMETRY_CATEGORIES[row.category] ?? null;
        if (scope !== null && scope !== category) continue;
        if (key !== undefined && Object.hasOwn(row.data, key)) {
          return { parameter, category, datetime: iso(row.ts), value: row.data[key] };
        }
      }
      return { parameter, category: null, datetime: null, value: null };
    },

    async datetimes(auth: AuthContext, id: number, limit: number) {
      await requireDevice(auth, id);
      return (await info.datetimes(id, limit)).map(iso);
    },

    async dataUsage(auth: AuthContext, id: number, range: Range) {
      await requireDevice(auth, id);
      const day = (date: Date) => date.toISOString().slice(0, 10);
      const rows = await info.dataUsage(id, day(range.from), day(range.to));
      return rows.map((row) => ({
        date: row.day,
        modem: row.modem,
        sim: row.sim,
        sim_label: simLabel(row.sim),
        rx: row.rx,
        tx: row.tx,
      }));
    },

    async locations(auth: AuthContext, id: number, range: Range) {
      await requireDevice(auth, id);
      const rows = await info.series(id, categoryIndex('gps'), range, LOCATION_MAX_POINTS);
      return rows
        .filter((row) => num(row.data.latitude) !== null && num(row.data.longitude) !== null)
        .map((row) => ({
          datetime: iso(row.ts),
          latitude: num(row.data.latitude) ?? 0,
          longitude: num(row.data.longitude) ?? 0,
          altitude: num(row.data.altitude),
          speed: num(row.data.speed),
          satellites: num(row.data.satellites),
        }));
    },

    /** Counts per chart under the same filters as GET /devices; `charts` picks which. */
    async statistics(
      auth: AuthContext,
      query: DeviceListQuery & { charts?: string[] | undefined },
      raw: Record<string, unknown>,
    ) {
      const charts = query.charts?.length ? query.charts : [...DEVICE_STATISTIC_CHARTS];
      const unknown = charts.find(
        (c) => !(DEVICE_STATISTIC_CHARTS as readonly string[]).includes(c),
      );
      if (unknown !== undefined) {
        throw new ApiError(400, ERROR_CODES.VALIDATION_ERROR, `Unknown chart ${unknown}`, 'charts');
      }
      const where = deviceWhere(await devicesRepository.scopeOf(auth), query, raw);
      const result: Record<string, { value: string | number | null; count: number }[]> = {};
      for (const chart of charts as (typeof DEVICE_STATISTIC_CHARTS)[number][]) {
        result[chart] = await stats.countBy(chart, where);
      }
      return result;
    },

    async online(
      auth: AuthContext,
      query: { company_id?: number | undefined; include_child_companies: boolean },
      range: Range,
    ) {
      if (range.to.getTime() - range.from.getTime() > ONLINE_STATISTICS_MAX_DAYS * DAY_MS) {
        throw new ApiError(
          400,
          ERROR_CODES.VALIDATION_ERROR,
          `The range can be at most ${ONLINE_STATISTICS_MAX_DAYS} days`,
          'start_date',
        );
      }
      const company = await stats.visibleCompany(auth, query.company_id ?? auth.company.id);
      if (!company) {
        throw new ApiError(404, ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, 'company_id');
      }
      const rows = await stats.online(auth, company, query.include_child_companies, range);
      return rows.map((row) => ({ datetime: iso(row.at), online: row.online, total: row.total }));
    },
  };
};

export type DeviceInfoService = ReturnType<typeof createDeviceInfoService>;
