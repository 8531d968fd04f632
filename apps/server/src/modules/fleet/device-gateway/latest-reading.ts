import type {
  DynamicTelemetry,
  ModemReading,
  TelemetryCategory,
  TelemetryData,
} from '@netfleet/contracts';

/** The devices columns the fleet table reads, which the gateway copies from telemetry. */
export const LATEST_COLUMNS = [
  { column: 'signal', type: 'smallint' },
  { column: 'signal_2', type: 'smallint' },
  { column: 'operator', type: 'varchar' },
  { column: 'operator_2', type: 'varchar' },
  { column: 'network_state', type: 'varchar' },
  { column: 'network_state_2', type: 'varchar' },
  { column: 'connection_type', type: 'varchar' },
  { column: 'connection_type_2', type: 'varchar' },
  { column: 'modem_model', type: 'varchar' },
  { column: 'modem_model_2', type: 'varchar' },
  { column: 'modem_manufacturer', type: 'varchar' },
  { column: 'modem_manufacturer_2', type: 'varchar' },
  { column: 'modem_firmware', type: 'varchar' },
  { column: 'modem_firmware_2', type: 'varchar' },
  { column: 'wan_state', type: 'varchar' },
  { column: 'wan_ip', type: 'varchar' },
  { column: 'temperature', type: 'smallint' },
  { column: 'uptime', type: 'integer' },
  { column: 'latitude', type: 'double precision' },
  { column: 'longitude', type: 'double precision' },
] as const;

type LatestColumn = (typeof LATEST_COLUMNS)[number]['column'];
/** The columns, and `info`: each category's latest data as JSON text (kept as read). */
export type LatestValues = Partial<Record<LatestColumn, string | number | null>> & {
  info?: Record<string, string>;
};

const MODEM_FIELDS = [
  'signal',
  'operator',
  'network_state',
  'connection_type',
  'modem_model',
  'modem_manufacturer',
  'modem_firmware',
] as const;

const modemColumns = (reading: ModemReading): LatestValues => {
  const suffix = reading.modem === 2 ? '_2' : '';
  const values: LatestValues = {};
  for (const field of MODEM_FIELDS) {
    const value = reading[field];
    // Optional fields the device did not send keep their stored value.
    if (value !== undefined) values[`${field}${suffix}` as LatestColumn] = value;
  }
  return values;
};

const dynamicColumns = (data: DynamicTelemetry): LatestValues => {
  const values: LatestValues = {
    uptime: data.uptime,
    temperature: data.temperature,
    wan_state: data.wan_state,
    ...(data.wan_ip !== undefined ? { wan_ip: data.wan_ip } : {}),
  };
  // The first reading of a modem is its active SIM; later entries describe the idle slots.
  const seen = new Set<number>();
  for (const reading of data.modems) {
    if (seen.has(reading.modem)) continue;
    seen.add(reading.modem);
    Object.assign(values, modemColumns(reading));
  }
  return values;
};

/**
 * The devices columns one validated reading sets; `info` keeps the whole reading per category, as
 * the JSON text of `data`.
 */
export const latestValues = <C extends TelemetryCategory>(
  category: C,
  data: TelemetryData<C>,
  json: string,
): LatestValues => {
  const info = { info: { [category]: json } };
  if (category === 'dynamic') return { ...dynamicColumns(data as DynamicTelemetry), ...info };
  if (category === 'gps') {
    const gps = data as TelemetryData<'gps'>;
    return { latitude: gps.latitude, longitude: gps.longitude, ...info };
  }
  return info;
};

/** Later readings win column by column; `info` merges category by category. */
export const mergeInto = (into: LatestValues, next: LatestValues): void => {
  const { info, ...columns } = next;
  Object.assign(into, columns);
  if (info) into.info = Object.assign(into.info ?? {}, info);
};

/** As mergeInto, into a new object (both inputs are left as they are). */
export const mergeLatest = (into: LatestValues, next: LatestValues): LatestValues => ({
  ...into,
  ...next,
  info: { ...into.info, ...next.info },
});

/** The values as one JSON document, `info`'s texts spliced in as they are. */
export const latestJson = ({ info, ...columns }: LatestValues): string => {
  const text = JSON.stringify(columns);
  if (!info) return text;
  const categories = Object.entries(info).map(([category, json]) => `"${category}":${json}`);
  return `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}"info":{${categories.join(',')}}}`;
};

/** device_data_usage keys a SIM slot as 1, 2 or 3 (the eSIM). */
export const simNumber = (sim: ModemReading['sim']): number => (sim === 'esim' ? 3 : sim);

/** The byte deltas of a dynamic reading per (UTC day, modem, SIM). */
export const usageOf = (data: DynamicTelemetry, ts: Date) =>
  data.modems
    .filter((reading) => reading.rx > 0 || reading.tx > 0)
    .map((reading) => ({
      day: ts.toISOString().slice(0, 10),
      modem: reading.modem,
      sim: simNumber(reading.sim),
      rx: reading.rx,
      tx: reading.tx,
    }));
