import {
  reportParameterId,
  toApiDate,
  type ReportData,
  type ReportDay,
  type ReportDevice,
  type ReportExtreme,
  type ReportParameter,
  type ReportPeriod,
  type ReportType,
} from '@netfleet/contracts';
import type { ReportDataRepository, ReportScope, ScopeDevice } from './report-data.repository';
import { localDate, type ReportRange } from './report-periods';

/** What a report is of, besides its devices. */
export interface ReportSpec {
  name: string;
  description: string;
  type: ReportType;
  period: ReportPeriod;
  parameters: readonly ReportParameter[];
  companyId: number;
  timeZone: string;
  range: ReportRange;
  generatedAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The local dates from the range's first day to its last (the day of its last instant). */
export const daysOf = (range: ReportRange, timeZone: string) => ({
  from: localDate(range.start, timeZone),
  to: localDate(new Date(range.end.getTime() - 1), timeZone),
});

/** Every date from `from` to `to` (YYYY-MM-DD), so days without anything still show. */
const datesBetween = (from: string, to: string): string[] => {
  const dates: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS)
    dates.push(new Date(at).toISOString().slice(0, 10));
  return dates;
};

const byDevice = <T extends { deviceId: number }>(rows: readonly T[]) =>
  new Map(rows.map((row) => [row.deviceId, row]));

const sum = (values: readonly (number | null)[]): number =>
  values.reduce<number>((total, value) => total + (value ?? 0), 0);

/** The rounded mean of the values devices have (integers summed exactly, divided once). */
const average = (values: readonly (number | null)[]): number | null => {
  const known = values.filter((value): value is number => value !== null);
  return known.length ? Math.round(sum(known) / known.length) : null;
};

/** The rounded mean of every reading: their exact sum over their count. */
const readingsMean = (rows: readonly { total: number; count: number }[]): number | null => {
  const n = rows.reduce((all, row) => all + row.count, 0);
  return n ? Math.round(rows.reduce((all, row) => all + row.total, 0) / n) : null;
};

type Numeric = {
  [K in keyof ReportDevice]: ReportDevice[K] extends number | null ? K : never;
}[keyof ReportDevice];

/** The device with the highest (or lowest) value of a field; the first by name on a tie. */
const extreme = (devices: readonly ReportDevice[], field: Numeric, highest: boolean) => {
  let best: ReportExtreme = null;
  for (const device of devices) {
    const value = device[field];
    if (value === null) continue;
    if (best === null || (highest ? value > best.value : value < best.value))
      best = {
        router_id: device.router_id,
        name: device.name,
        serial: device.serial,
        mac: device.mac,
        value,
      };
  }
  return best;
};

/** Devices per value, most first, then by name. */
const stats = (values: readonly (string | null)[]) => {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
};

/** A device with nothing known yet: every figure null. */
const emptyDevice = (device: ScopeDevice): ReportDevice => ({
  router_id: device.id,
  name: device.name,
  serial: device.serial,
  mac: device.mac,
  company_id: device.companyId,
  operator: null,
  connection_type: null,
  received: null,
  sent: null,
  received_sim1: null,
  received_sim2: null,
  sent_sim1: null,
  sent_sim2: null,
  max_signal: null,
  min_signal: null,
  router_uptime: null,
  connection_uptime: null,
  max_temperature: null,
  min_temperature: null,
  alerts: null,
  tasks: null,
  tasks_succeeded: null,
  tasks_failed: null,
  remote_sessions: null,
  remote_bytes: null,
  credits_used: null,
});

/**
 * Computes a report: each parameter it holds is read per device from the database, then put in
 * RMS's shape with the totals, extremes and per-day series. Parameters it does not hold stay null
 * (a device without readings of a held one gets 0 for counts and bytes, null for readings).
 */
export const buildReport = async (
  repository: ReportDataRepository,
  scope: ReportScope,
  spec: ReportSpec,
): Promise<ReportData> => {
  const { range, timeZone } = spec;
  const has = (parameter: ReportParameter) => spec.parameters.includes(parameter);
  const days = daysOf(range, timeZone);
  const none = Promise.resolve([]);
  const [
    scopeDevices,
    readings,
    signal,
    network,
    connection,
    usage,
    usageByDay,
    alerts,
    alertsByDay,
    tasks,
    remote,
    credits,
  ] = await Promise.all([
    repository.devices(scope),
    has('router_uptime') || has('temperature') ? repository.readings(scope, range) : none,
    has('signal') ? repository.signal(scope, range) : none,
    has('operator') || has('connection_type') ? repository.network(scope, range) : none,
    has('connection_uptime') ? repository.connection(scope, range) : none,
    has('data_usage') ? repository.dataUsage(scope, days) : none,
    has('data_usage') ? repository.dataUsageByDay(scope, days) : none,
    has('alerts') ? repository.alerts(scope, range) : none,
    has('alerts') ? repository.alertsByDay(scope, range, timeZone) : none,
    has('tasks') ? repository.tasks(scope, range) : none,
    has('remote_access') ? repository.remoteAccess(scope, range) : none,
    has('credits') ? repository.credits(scope, range) : none,
  ]);
  const maps = {
    readings: byDevice(readings),
    signal: byDevice(signal),
    network: byDevice(network),
    connection: byDevice(connection),
    usage: byDevice(usage),
    alerts: byDevice(alerts),
    tasks: byDevice(tasks),
    remote: byDevice(remote),
    credits: byDevice(credits),
  };

  const devices = scopeDevices.map((scoped): ReportDevice => {
    const id = scoped.id;
    const device = emptyDevice(scoped);
    const reading = maps.readings.get(id);
    if (has('router_uptime')) device.router_uptime = reading?.routerUptime ?? null;
    if (has('temperature')) {
      device.max_temperature = reading?.maxTemperature ?? null;
      device.min_temperature = reading?.minTemperature ?? null;
    }
    if (has('signal')) {
      device.max_signal = maps.signal.get(id)?.maxSignal ?? null;
      device.min_signal = maps.signal.get(id)?.minSignal ?? null;
    }
    if (has('operator')) device.operator = maps.network.get(id)?.operator ?? null;
    if (has('connection_type'))
      device.connection_type = maps.network.get(id)?.connectionType ?? null;
    if (has('connection_uptime'))
      device.connection_uptime = maps.connection.get(id)?.connectionUptime ?? null;
    if (has('data_usage')) {
      const used = maps.usage.get(id);
      device.received = used?.received ?? 0;
      device.sent = used?.sent ?? 0;
      device.received_sim1 = used?.receivedSim1 ?? 0;
      device.received_sim2 = used?.receivedSim2 ?? 0;
      device.sent_sim1 = used?.sentSim1 ?? 0;
      device.sent_sim2 = used?.sentSim2 ?? 0;
    }
    if (has('alerts')) device.alerts = maps.alerts.get(id)?.alerts ?? 0;
    if (has('tasks')) {
      const ran = maps.tasks.get(id);
      device.tasks = ran?.tasks ?? 0;
      device.tasks_succeeded = ran?.succeeded ?? 0;
      device.tasks_failed = ran?.failed ?? 0;
    }
    if (has('remote_access')) {
      device.remote_sessions = maps.remote.get(id)?.sessions ?? 0;
      device.remote_bytes = maps.remote.get(id)?.bytes ?? 0;
    }
    if (has('credits')) device.credits_used = maps.credits.get(id)?.used ?? 0;
    return device;
  });

  const total = (field: Numeric, parameter: ReportParameter) =>
    has(parameter) ? sum(devices.map((device) => device[field])) : null;
  const received = sum(devices.map((device) => device.received));
  const sent = sum(devices.map((device) => device.sent));
  const usageOn = new Map(usageByDay.map((day) => [day.date, day]));
  const alertsOn = new Map(alertsByDay.map((day) => [day.date, day.alerts]));
  const daily: ReportDay[] = datesBetween(days.from, days.to).map((date) => ({
    date,
    received: usageOn.get(date)?.received ?? 0,
    sent: usageOn.get(date)?.sent ?? 0,
    alerts: alertsOn.get(date) ?? 0,
  }));

  return {
    all: {
      max_signal: extreme(devices, 'max_signal', true),
      min_signal: extreme(devices, 'min_signal', false),
      mobile_data: has('data_usage') ? { sent, received, total: sent + received } : null,
      average_values: {
        signal: has('signal')
          ? readingsMean(signal.map((row) => ({ total: row.signalSum, count: row.signalCount })))
          : null,
        temperature: has('temperature')
          ? readingsMean(
              readings.map((row) => ({ total: row.temperatureSum, count: row.temperatureCount })),
            )
          : null,
        router_uptime: average(devices.map((device) => device.router_uptime)),
        connection_uptime: average(devices.map((device) => device.connection_uptime)),
      },
      max_temperature: extreme(devices, 'max_temperature', true),
      min_temperature: extreme(devices, 'min_temperature', false),
      max_router_uptime: extreme(devices, 'router_uptime', true),
      min_router_uptime: extreme(devices, 'router_uptime', false),
      max_connection_uptime: extreme(devices, 'connection_uptime', true),
      min_connection_uptime: extreme(devices, 'connection_uptime', false),
      devices: devices.length,
      alerts: total('alerts', 'alerts'),
      tasks: total('tasks', 'tasks'),
      tasks_succeeded: total('tasks_succeeded', 'tasks'),
      tasks_failed: total('tasks_failed', 'tasks'),
      remote_sessions: total('remote_sessions', 'remote_access'),
      remote_bytes: total('remote_bytes', 'remote_access'),
      credits_used: total('credits_used', 'credits'),
    },
    params: {
      type: spec.type,
      company: spec.companyId,
      apply_to: scope.appliedBy,
      start_date: toApiDate(range.start),
      end_date: toApiDate(range.end),
      parameters: spec.parameters.map(reportParameterId).join(','),
      period_type: spec.period,
      report_name: spec.name,
      report_description: spec.description,
      generation_date: Math.floor(spec.generatedAt.getTime() / 1000),
      time_zone: timeZone,
    },
    devices,
    operator_stats: has('operator') ? stats(devices.map((device) => device.operator)) : [],
    connection_type_stats: has('connection_type')
      ? stats(devices.map((device) => device.connection_type))
      : [],
    daily: has('data_usage') || has('alerts') ? daily : [],
  };
};
