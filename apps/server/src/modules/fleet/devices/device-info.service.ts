import {
  COMPANY_MESSAGES,
  CONNECTED_CODES,
  CONNECTION_CODES,
  connectionLogMessage,
  DEVICE_MESSAGES,
  type DataUsageDay,
  DEVICE_STATISTIC_CHARTS,
  type DeviceStatisticChart,
  type DeviceStatistics,
  ERROR_CODES,
  STATISTICS_UNKNOWN,
  INFORMATION_MAX_POINTS,
  type InformationDatetimes,
  type InformationHistoryRow,
  type InformationParameterRow,
  type InformationReading,
  ONLINE_STATISTICS_MAX_DAYS,
  type OnlineCompany,
  simLabel,
  TELEMETRY_CATEGORIES,
  type TelemetryCategory,
} from '@netfleet/contracts';
import { ApiError, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { DeviceInfoRepository, Range } from './device-info.repository';
import { type DeviceQuery, deviceWhere } from './device-query';
import type { DeviceStatsRepository, OnlineCompanyCount } from './device-stats.repository';
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

const int = (value: unknown) => (typeof value === 'number' ? Math.round(value) : null);
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const SIM_NUMBERS: Record<string, number> = { '1': 1, '2': 2, esim: 3 };

/**
 * A reading with RMS's flat fields beside it: the first and second modem's values of a dynamic
 * reading, the bytes per SIM summed over modems; null where the reading does not carry them.
 */
export const rmsReading = (datetime: string, data: Record<string, unknown>): InformationReading => {
  const modems = Array.isArray(data.modems)
    ? (data.modems as Record<string, unknown>[]).filter((m) => m && typeof m === 'object')
    : [];
  const modem = (n: number) => modems.find((m) => m.modem === n);
  const [first, second] = [modem(1), modem(2)];
  const simBytes = (sim: number, key: 'rx' | 'tx') => {
    const onSim = modems.filter((m) => SIM_NUMBERS[String(m.sim)] === sim);
    return onSim.length ? onSim.reduce((sum, m) => sum + (int(m[key]) ?? 0), 0) : null;
  };
  return {
    datetime,
    data,
    signal: int(first?.signal),
    signal_2: int(second?.signal),
    temperature: int(data.temperature),
    temperature_2: null,
    sim1_sent: simBytes(1, 'tx'),
    sim1_received: simBytes(1, 'rx'),
    sim2_sent: simBytes(2, 'tx'),
    sim2_received: simBytes(2, 'rx'),
    network_state: text(first?.network_state),
    network_state_2: text(second?.network_state),
    sim_slot: first ? (SIM_NUMBERS[String(first.sim)] ?? null) : null,
    sim_slot_2: second ? (SIM_NUMBERS[String(second.sim)] ?? null) : null,
    operator: text(first?.operator),
    operator_2: text(second?.operator),
    connection_type: text(first?.connection_type),
    connection_type_2: text(second?.connection_type),
    wan_ip: text(data.wan_ip),
    mobile_ip: null,
    mobile_ip_2: null,
    created_at: datetime,
  };
};

/** The category each RMS history field comes from (the others are not recorded: null). */
const HISTORY_SOURCES: Record<string, TelemetryCategory> = {
  sim_slot: 'dynamic',
  network_state: 'dynamic',
  signal: 'dynamic',
  operator: 'dynamic',
  connection_type: 'dynamic',
  temperature: 'dynamic',
  router_uptime: 'dynamic',
  wan_state: 'dynamic',
  wan_ip: 'dynamic',
  iccid: 'static',
};

interface CategoryRow {
  category: number;
  ts: Date | string;
  data: Record<string, unknown>;
}

/** RMS's flat history row from the latest reading of each category, the readings beside it. */
const historyRow = (deviceId: number, rows: CategoryRow[]): InformationHistoryRow => {
  const of = (category: TelemetryCategory) =>
    rows.find((row) => TELEMETRY_CATEGORIES[row.category] === category)?.data;
  const dynamic = of('dynamic');
  const flat = dynamic ? rmsReading('', dynamic) : null;
  const sims = of('static')?.sims;
  const slot = flat?.sim_slot ?? null;
  const sim = Array.isArray(sims)
    ? (sims as Record<string, unknown>[]).find((entry) => SIM_NUMBERS[String(entry?.slot)] === slot)
    : undefined;
  return {
    device_id: deviceId,
    firmware: null,
    sim_state: null,
    pin_state: null,
    sim_slot: slot,
    network_state: flat?.network_state ?? null,
    mobile_ip: null,
    signal: flat?.signal ?? null,
    operator: flat?.operator ?? null,
    operator_number: null,
    connection_state: null,
    connection_type: flat?.connection_type ?? null,
    temperature: flat?.temperature ?? null,
    router_uptime: int(dynamic?.uptime),
    connection_uptime: null,
    wan_state: text(dynamic?.wan_state),
    wan_ip: flat?.wan_ip ?? null,
    cell_id: null,
    mcc: null,
    mnc: null,
    lac: null,
    iccid: slot === null ? null : text(sim?.iccid),
    rx_day: null,
    rx_week: null,
    rx_month: null,
    tx_day: null,
    tx_week: null,
    tx_month: null,
    readings: Object.fromEntries(
      rows.map((row) => [
        TELEMETRY_CATEGORIES[row.category] ?? String(row.category),
        { datetime: iso(row.ts), data: row.data },
      ]),
    ),
  };
};

/** netfleet's own fields of a parameter row; RMS's `<parameter>` is not set over them. */
const PARAMETER_ROW_FIELDS = new Set(['created_at', 'parameter', 'category', 'value']);
/** RMS's parameter row: the value as text under the parameter's name, netfleet's fields beside. */
const parameterRow = (
  parameter: string,
  createdAt: string,
  category: number,
  value: unknown,
): InformationParameterRow => {
  let asText: string | null = null;
  if (typeof value === 'string') asText = value;
  else if (value !== null && value !== undefined) asText = JSON.stringify(value);
  return {
    ...(PARAMETER_ROW_FIELDS.has(parameter) ? {} : { [parameter]: asText }),
    created_at: createdAt,
    parameter,
    category: TELEMETRY_CATEGORIES[category] ?? null,
    value: value ?? null,
  };
};

/** The company and, below it, its subsidiaries among `counts` (each with its own devices). */
const companyTree = (rootId: number, counts: OnlineCompanyCount[]): OnlineCompany[] => {
  const children = new Map<number | null, OnlineCompanyCount[]>();
  for (const row of counts) {
    const siblings = children.get(row.parentId) ?? [];
    siblings.push(row);
    children.set(row.parentId, siblings);
  }
  const node = (row: OnlineCompanyCount): OnlineCompany => ({
    company_id: row.id,
    company_name: row.name,
    devices: { online: row.online, offline: row.total - row.online },
    sub_companies: (children.get(row.id) ?? []).map(node),
  });
  const root = counts.find((row) => row.id === rootId);
  return root ? [node(root)] : [];
};

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

    /**
     * Counts per chart under the same filters as GET /devices; `charts` picks which (all by
     * default). RMS's shape: `{chart: {value: count}}`, devices without a value under `unknown`.
     */
    async statistics(
      auth: AuthContext,
      query: DeviceQuery & { charts?: DeviceStatisticChart[] | undefined },
      raw: Record<string, unknown>,
    ) {
      const charts = query.charts?.length ? query.charts : [...DEVICE_STATISTIC_CHARTS];
      const at = now();
      const where = deviceWhere(await devicesRepository.scopeOf(auth), query, raw, at);
      const result: DeviceStatistics = {};
      for (const chart of new Set(charts)) {
        const counts: Record<string, number> = {};
        for (const { value, count } of await stats.countBy(chart, where, at)) {
          const key = value === null || value === '' ? STATISTICS_UNKNOWN : String(value);
          counts[key] = (counts[key] ?? 0) + count;
        }
        result[chart] = counts;
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
      const withChildren = query.include_child_companies;
      const [rows, counts] = await Promise.all([
        stats.online(auth, company, withChildren, range),
        stats.onlineByCompany(auth, company, withChildren, range),
      ]);
      return {
        query_period: { start_date: iso(range.from), end_date: iso(range.to) },
        companies: companyTree(company.id, counts),
        samples: rows.map((row) => ({
          datetime: iso(row.at),
          online: row.online,
          total: row.total,
        })),
      };
    },
  };
};

export type DeviceInfoService = ReturnType<typeof createDeviceInfoService>;
