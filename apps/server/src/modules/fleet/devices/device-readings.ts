import {
  type InformationHistoryRow,
  type InformationParameterRow,
  type InformationReading,
  TELEMETRY_CATEGORIES,
  type TelemetryCategory,
} from '@netfleet/contracts';

const iso = (value: Date | string) => new Date(value).toISOString();
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
export const HISTORY_SOURCES: Record<string, TelemetryCategory> = {
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
export const historyRow = (deviceId: number, rows: CategoryRow[]): InformationHistoryRow => {
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
export const parameterRow = (
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
