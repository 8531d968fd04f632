import type { ReportAppliedBy } from '@netfleet/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import type { Viewer } from '@/db/company-scope';
import type { ReportRange } from './report-periods';

/** PGlite and node-postgres both answer `{ rows }`; bigints come as text from the latter. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A JSON list of integers as a set of rows, so a list travels as one parameter. */
const intSet = (ids: readonly number[]): SQL =>
  sql`(select (value)::int from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/** A whole number from the database (bigint sums arrive as text), or null. */
const num = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
const count = (value: unknown): number => num(value) ?? 0;

/** Which devices a report is about, as its owner sees them. */
export interface ReportScope {
  viewer: Viewer;
  appliedBy: ReportAppliedBy;
  applyList: readonly number[];
}

/** The report's devices: those applied (a company with its subsidiaries), the owner sees. */
const scopeIds = ({ viewer, appliedBy, applyList }: ReportScope): SQL => {
  const visible = viewer.permissions.has('access_child_companies')
    ? sql`c.path like ${`${viewer.company.path}%`}`
    : sql`c.id = ${viewer.company.id}`;
  const applied =
    appliedBy === 'device'
      ? sql`d.id in ${intSet(applyList)}`
      : appliedBy === 'company'
        ? sql`exists (select 1 from companies a where a.id in ${intSet(applyList)}
            and c.path like a.path || '%')`
        : sql`d.id in (select dt.device_id from device_tags dt where dt.tag_id in ${intSet(applyList)})`;
  return sql`(select d.id from devices d join companies c on c.id = d.company_id
    where ${visible} and ${applied})`;
};

/** The dynamic readings (category 0) of the report's devices in the range. */
const dynamicReadings = (scope: ReportScope, range: ReportRange) =>
  sql`t.category = 0 and t.ts >= ${range.start} and t.ts < ${range.end}
    and t.device_id in ${scopeIds(scope)}`;

/** The modems of a reading, an empty list when it has none. */
const modemsOf = sql`json_array_elements(case when json_typeof(t.data -> 'modems') = 'array'
  then t.data -> 'modems' else '[]'::json end)`;

export interface ScopeDevice {
  id: number;
  name: string;
  serial: string;
  mac: string | null;
  companyId: number;
}

/**
 * The figures of a report, each computed in SQL per device of its scope over its range. Every
 * figure is a whole number: bytes, seconds, dBm, deci-degrees, counts.
 */
export const createReportDataRepository = (db: Database) => ({
  async devices(scope: ReportScope, tx: Executor = db): Promise<ScopeDevice[]> {
    const result = await tx.execute(sql`
      select d.id, d.name, d.serial, d.mac, d.company_id from devices d
      where d.id in ${scopeIds(scope)} order by d.name, d.id`);
    return rowsOf<{
      id: number;
      name: string;
      serial: string;
      mac: string | null;
      company_id: number;
    }>(result).map((row) => ({
      id: Number(row.id),
      name: row.name,
      serial: row.serial,
      mac: row.mac,
      companyId: Number(row.company_id),
    }));
  },

  /** The longest uptime, and the highest and lowest temperature reported. */
  async readings(scope: ReportScope, range: ReportRange, tx: Executor = db) {
    const result = await tx.execute(sql`
      select t.device_id,
        max((t.data ->> 'uptime')::bigint) as router_uptime,
        max(round((t.data ->> 'temperature')::numeric)) as max_temperature,
        min(round((t.data ->> 'temperature')::numeric)) as min_temperature,
        cast(coalesce(sum(round((t.data ->> 'temperature')::numeric)), 0) as bigint)
          as temperature_sum,
        cast(count(t.data ->> 'temperature') as integer) as temperature_count
      from device_telemetry t where ${dynamicReadings(scope, range)}
      group by t.device_id`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      deviceId: count(row.device_id),
      routerUptime: num(row.router_uptime),
      maxTemperature: num(row.max_temperature),
      minTemperature: num(row.min_temperature),
      temperatureSum: count(row.temperature_sum),
      temperatureCount: count(row.temperature_count),
    }));
  },

  /** The strongest and weakest signal of any modem (dBm, rounded to whole numbers). */
  async signal(scope: ReportScope, range: ReportRange, tx: Executor = db) {
    const result = await tx.execute(sql`
      select t.device_id,
        max(round((m ->> 'signal')::numeric)) as max_signal,
        min(round((m ->> 'signal')::numeric)) as min_signal,
        cast(sum(round((m ->> 'signal')::numeric)) as bigint) as signal_sum,
        cast(count(*) as integer) as signal_count
      from device_telemetry t cross join lateral ${modemsOf} as m
      where ${dynamicReadings(scope, range)} and json_typeof(m -> 'signal') = 'number'
      group by t.device_id`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      deviceId: count(row.device_id),
      maxSignal: num(row.max_signal),
      minSignal: num(row.min_signal),
      signalSum: count(row.signal_sum),
      signalCount: count(row.signal_count),
    }));
  },

  /** The operator and connection type of the first modem in each device's last reading. */
  async network(scope: ReportScope, range: ReportRange, tx: Executor = db) {
    const result = await tx.execute(sql`
      select distinct on (t.device_id) t.device_id,
        t.data -> 'modems' -> 0 ->> 'operator' as operator,
        t.data -> 'modems' -> 0 ->> 'connection_type' as connection_type
      from device_telemetry t
      where ${dynamicReadings(scope, range)} and json_typeof(t.data -> 'modems') = 'array'
        and json_array_length(t.data -> 'modems') > 0
      order by t.device_id, t.ts desc`);
    return rowsOf<{ device_id: number; operator: string | null; connection_type: string | null }>(
      result,
    ).map((row) => ({
      deviceId: Number(row.device_id),
      operator: row.operator,
      connectionType: row.connection_type,
    }));
  },

  /**
   * Seconds each device was connected and reporting: the time between consecutive readings that
   * came at most two monitoring periods apart (a longer silence is time away).
   */
  async connection(scope: ReportScope, range: ReportRange, tx: Executor = db) {
    const result = await tx.execute(sql`
      select g.device_id,
        cast(sum(case when g.period > 0 and g.gap <= 2 * g.period then g.gap else 0 end) as bigint)
          as connection_uptime
      from (
        select t.device_id, d.dynamic_monitoring as period,
          floor(extract(epoch from t.ts - lag(t.ts) over (partition by t.device_id order by t.ts)))
            as gap
        from device_telemetry t join devices d on d.id = t.device_id
        where ${dynamicReadings(scope, range)}
      ) g
      group by g.device_id`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      deviceId: count(row.device_id),
      connectionUptime: count(row.connection_uptime),
    }));
  },

  /**
   * Bytes received and sent per device and SIM slot over the range's days (devices count their
   * data per day: a day is in when its date, in the report's zone, is).
   */
  async dataUsage(scope: ReportScope, days: { from: string; to: string }, tx: Executor = db) {
    const result = await tx.execute(sql`
      select u.device_id,
        cast(sum(u.rx) as bigint) as received, cast(sum(u.tx) as bigint) as sent,
        cast(coalesce(sum(u.rx) filter (where u.sim = 1), 0) as bigint) as received_sim1,
        cast(coalesce(sum(u.rx) filter (where u.sim = 2), 0) as bigint) as received_sim2,
        cast(coalesce(sum(u.tx) filter (where u.sim = 1), 0) as bigint) as sent_sim1,
        cast(coalesce(sum(u.tx) filter (where u.sim = 2), 0) as bigint) as sent_sim2
      from device_data_usage u
      where u.day >= ${days.from} and u.day <= ${days.to} and u.device_id in ${scopeIds(scope)}
      group by u.device_id`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      deviceId: count(row.device_id),
      received: count(row.received),
      sent: count(row.sent),
      receivedSim1: count(row.received_sim1),
      receivedSim2: count(row.received_sim2),
      sentSim1: count(row.sent_sim1),
      sentSim2: count(row.sent_sim2),
    }));
  },

  /** Bytes per day over every device of the report. */
  async dataUsageByDay(scope: ReportScope, days: { from: string; to: string }, tx: Executor = db) {
    const result = await tx.execute(sql`
      select u.day::text as day, cast(sum(u.rx) as bigint) as received,
        cast(sum(u.tx) as bigint) as sent
      from device_data_usage u
      where u.day >= ${days.from} and u.day <= ${days.to} and u.device_id in ${scopeIds(scope)}
      group by u.day order by u.day`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      date: String(row.day),
      received: count(row.received),
      sent: count(row.sent),
    }));
  },

  /** Alerts fired per device (automation rules and the devices' own alerts). */
  async alerts(scope: ReportScope, range: ReportRange, tx: Executor = db) {
    const result = await tx.execute(sql`
      select e.device_id, cast(count(*) as integer) as alerts from alert_events e
      where e.kind in ('fired', 'event') and e.created_at >= ${range.start}
        and e.created_at < ${range.end} and e.device_id in ${scopeIds(scope)}
      group by e.device_id`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      deviceId: count(row.device_id),
      alerts: count(row.alerts),
    }));
  },

  /** Alerts fired per day in the report's zone. */
  async alertsByDay(scope: ReportScope, range: ReportRange, timeZone: string, tx: Executor = db) {
    const result = await tx.execute(sql`
      select to_char(e.created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
        cast(count(*) as integer) as alerts
      from alert_events e
      where e.kind in ('fired', 'event') and e.created_at >= ${range.start}
        and e.created_at < ${range.end} and e.device_id in ${scopeIds(scope)}
      group by 1 order by 1`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      date: String(row.day),
      alerts: count(row.alerts),
    }));
  },

  /** Task group runs that ended on each device, and how. */
  async tasks(scope: ReportScope, range: ReportRange, tx: Executor = db) {
    const result = await tx.execute(sql`
      select l.device_id, cast(count(*) as integer) as tasks,
        cast(count(*) filter (where l.state = 'completed') as integer) as succeeded,
        cast(count(*) filter (where l.state in ('failed', 'expired', 'cancelled')) as integer)
          as failed
      from task_group_logs l
      where l.finished_at >= ${range.start} and l.finished_at < ${range.end}
        and l.device_id in ${scopeIds(scope)}
      group by l.device_id`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      deviceId: count(row.device_id),
      tasks: count(row.tasks),
      succeeded: count(row.succeeded),
      failed: count(row.failed),
    }));
  },

  /** Remote access sessions opened to each device, and the bytes they carried. */
  async remoteAccess(scope: ReportScope, range: ReportRange, tx: Executor = db) {
    const result = await tx.execute(sql`
      select s.device_id, cast(count(*) as integer) as sessions,
        cast(sum(s.input_bytes + s.output_bytes) as bigint) as bytes
      from remote_sessions s
      where s.created_at >= ${range.start} and s.created_at < ${range.end}
        and s.device_id in ${scopeIds(scope)}
      group by s.device_id`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      deviceId: count(row.device_id),
      sessions: count(row.sessions),
      bytes: count(row.bytes),
    }));
  },

  /** Credits spent on each device (ledger action 3, "Credit used"). */
  async credits(scope: ReportScope, range: ReportRange, tx: Executor = db) {
    const result = await tx.execute(sql`
      select l.device_id, cast(-sum(l.amount) as bigint) as used from credit_ledger l
      where l.action_type = 3 and l.created_at >= ${range.start} and l.created_at < ${range.end}
        and l.device_id in ${scopeIds(scope)}
      group by l.device_id`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      deviceId: count(row.device_id),
      used: count(row.used),
    }));
  },
});

export type ReportDataRepository = ReturnType<typeof createReportDataRepository>;
