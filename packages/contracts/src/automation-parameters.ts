import type { TelemetryCategory } from './device-protocol.ts';
import type { TelemetryData } from './device-telemetry.ts';

// The parameters automation rules can test (design docs/design/alerts-automations.md §4.1): one
// catalogue shared by the body checks (api/automations-conditions.ts), the evaluator and the
// editor's pickers. Keys are RMS device field names where RMS has one (signal, signal_2, rsrp,
// operator, sim_slot, speed …), so a rule written for RMS reads the same value here.

export const AUTOMATION_OPERATORS = ['<', '<=', '>', '>=', '==', '!=', 'changed'] as const;
export type AutomationOperator = (typeof AUTOMATION_OPERATORS)[number];

export const AUTOMATION_NUMBER_OPERATORS = [
  '<',
  '<=',
  '>',
  '>=',
  '==',
  '!=',
] as const satisfies readonly AutomationOperator[];
export const AUTOMATION_STRING_OPERATORS = [
  '==',
  '!=',
  'changed',
] as const satisfies readonly AutomationOperator[];
export const AUTOMATION_EVENT_OPERATORS = ['=='] as const satisfies readonly AutomationOperator[];
/** Only a threshold can be crossed back by a margin, so only these take a hysteresis. */
export const HYSTERESIS_OPERATORS = [
  '<',
  '<=',
  '>',
  '>=',
] as const satisfies readonly AutomationOperator[];

export type AutomationParameterType = 'number' | 'string' | 'event';
/**
 * Where a value comes from: a telemetry category's readings, the device's connection status
 * (the gateway's online/offline transitions), or an event the server raises.
 */
export type AutomationParameterSource = TelemetryCategory | 'status' | 'event';

export interface AutomationParameter {
  /** For a `named` entry, the prefix of its keys: `io_input` → `io_input:Digital input`. */
  key: string;
  label: string;
  type: AutomationParameterType;
  unit: string | null;
  operators: readonly AutomationOperator[];
  source: AutomationParameterSource;
  /** One key per named pin of the device (`<key>:<name>`); IO names are the device's own labels. */
  named?: true;
}

/**
 * Events a rule can wait for; each is its own key, tested with `== true`. `credit_low` is an event
 * of a company, not of a device (COMPANY_EVENTS): the resources module raises it.
 */
export const AUTOMATION_EVENTS = [
  'firmware_changed',
  'sim_changed',
  'device_added',
  'task_failed',
  'firmware_update_failed',
  'credit_low',
] as const;
export type AutomationEvent = (typeof AUTOMATION_EVENTS)[number];

const EVENT_LABELS: Record<AutomationEvent, string> = {
  firmware_changed: 'Firmware changed',
  sim_changed: 'SIM changed',
  device_added: 'Device added',
  task_failed: 'Task failed',
  firmware_update_failed: 'Firmware update failed',
  credit_low: 'Credit low',
};

/**
 * Events of a company rather than of a device: a rule on one has it as its only condition and can
 * only tell people (it has no device to act on).
 */
export const COMPANY_EVENTS: readonly AutomationEvent[] = ['credit_low'];
export const COMPANY_EVENT_ACTIONS = ['SendEmail', 'SendNotification', 'SendWebhook'] as const;

const number = (
  key: string,
  label: string,
  unit: string | null,
  source: TelemetryCategory,
): AutomationParameter => ({
  key,
  label,
  type: 'number',
  unit,
  operators: AUTOMATION_NUMBER_OPERATORS,
  source,
});

const text = (key: string, label: string, source: TelemetryCategory): AutomationParameter => ({
  key,
  label,
  type: 'string',
  unit: null,
  operators: AUTOMATION_STRING_OPERATORS,
  source,
});

/** RMS suffixes the second modem's device fields with _2; the labels say which modem. */
const modemParameters = (suffix: '' | '_2', modem: string): AutomationParameter[] => [
  number(`signal${suffix}`, `Signal strength${modem}`, 'dBm', 'dynamic'),
  number(`rsrp${suffix}`, `RSRP${modem}`, 'dBm', 'dynamic'),
  number(`rsrq${suffix}`, `RSRQ${modem}`, 'dB', 'dynamic'),
  number(`sinr${suffix}`, `SINR${modem}`, 'dB', 'dynamic'),
  text(`operator${suffix}`, `Operator${modem}`, 'dynamic'),
  text(`network_state${suffix}`, `Network state${modem}`, 'dynamic'),
  text(`connection_type${suffix}`, `Connection type${modem}`, 'dynamic'),
  // 1, 2, or 3 for the eSIM, as the RMS device field.
  number(`sim_slot${suffix}`, `Active SIM slot${modem}`, null, 'dynamic'),
];

export const AUTOMATION_PARAMETERS: readonly AutomationParameter[] = [
  ...modemParameters('', ''),
  ...modemParameters('_2', ' (modem 2)'),
  number('temperature', 'Temperature', '°C', 'dynamic'),
  number('uptime', 'Uptime', 's', 'dynamic'),
  number('memory_free', 'Free memory', 'B', 'dynamic'),
  number('load', 'Load average (1 min)', null, 'dynamic'),
  text('wan_state', 'WAN state', 'dynamic'),
  // Digital levels 0 Low / 1 High, relays 0 Closed / 1 Open, analog in the pin's own unit.
  { ...number('io_input', 'Digital input', null, 'io'), named: true },
  { ...number('io_relay', 'Relay', null, 'io'), named: true },
  { ...number('io_analog', 'Analog input', null, 'io'), named: true },
  number('speed', 'GPS speed', 'km/h', 'gps'),
  number('satellites', 'GPS satellites', null, 'gps'),
  number('wireless_clients', 'Wireless clients', null, 'wireless'),
  number('hotspot_users', 'Hotspot users', null, 'hotspot'),
  // 0 Offline, 1 Online (the console spec's texts); no reading carries it, liveness does.
  {
    key: 'status',
    label: 'Status',
    type: 'number',
    unit: null,
    operators: ['==', '!='],
    source: 'status',
  },
  ...AUTOMATION_EVENTS.map((key): AutomationParameter => ({
    key,
    label: EVENT_LABELS[key],
    type: 'event',
    unit: null,
    operators: AUTOMATION_EVENT_OPERATORS,
    source: 'event',
  })),
];

const BY_KEY = new Map(AUTOMATION_PARAMETERS.map((parameter) => [parameter.key, parameter]));

/** The catalogue entry of a rule's parameter key (`signal`, `io_input:Door`), if there is one. */
export const automationParameterOf = (key: string): AutomationParameter | undefined => {
  const colon = key.indexOf(':');
  if (colon === -1) {
    const parameter = BY_KEY.get(key);
    return parameter?.named ? undefined : parameter;
  }
  const parameter = BY_KEY.get(key.slice(0, colon));
  return parameter?.named && key.length > colon + 1 ? parameter : undefined;
};

/** A reading's values by parameter key; absent keys are unknown (the reading did not carry them). */
export type AutomationValues = Record<string, number | string>;

const SIM_SLOTS: Record<string, number> = { '1': 1, '2': 2, esim: 3 };

const put = (values: AutomationValues, key: string, value: number | string | null | undefined) => {
  if (value !== null && value !== undefined) values[key] = value;
};

const dynamicValues = (data: TelemetryData<'dynamic'>): AutomationValues => {
  const values: AutomationValues = {};
  put(values, 'uptime', data.uptime);
  // Devices report deci-degrees; rules are written in °C, as RMS's own example value "35".
  put(values, 'temperature', data.temperature === null ? null : data.temperature / 10);
  put(values, 'memory_free', data.memory_free);
  put(values, 'load', data.load?.[0]);
  put(values, 'wan_state', data.wan_state);
  for (const [modem, suffix] of [
    [1, ''],
    [2, '_2'],
  ] as const) {
    const reading = data.modems.find((entry) => entry.modem === modem);
    if (!reading) continue;
    put(values, `signal${suffix}`, reading.signal);
    put(values, `rsrp${suffix}`, reading.rsrp);
    put(values, `rsrq${suffix}`, reading.rsrq);
    put(values, `sinr${suffix}`, reading.sinr);
    put(values, `operator${suffix}`, reading.operator);
    put(values, `network_state${suffix}`, reading.network_state);
    put(values, `connection_type${suffix}`, reading.connection_type);
    put(values, `sim_slot${suffix}`, SIM_SLOTS[String(reading.sim)]);
  }
  return values;
};

const ioValues = (data: TelemetryData<'io'>): AutomationValues => {
  const values: AutomationValues = {};
  for (const input of data.inputs) values[`io_input:${input.name}`] = input.level;
  for (const relay of data.relays) values[`io_relay:${relay.name}`] = relay.state;
  for (const analog of data.analog) values[`io_analog:${analog.name}`] = analog.value;
  return values;
};

const gpsValues = (data: TelemetryData<'gps'>): AutomationValues => {
  const values: AutomationValues = {};
  put(values, 'speed', data.speed);
  put(values, 'satellites', data.satellites);
  return values;
};

const sum = (counts: readonly number[]) => counts.reduce((total, count) => total + count, 0);

const EXTRACTORS: { [C in TelemetryCategory]?: (data: TelemetryData<C>) => AutomationValues } = {
  dynamic: dynamicValues,
  io: ioValues,
  gps: gpsValues,
  wireless: (data) => ({ wireless_clients: sum(data.interfaces.map((entry) => entry.clients)) }),
  hotspot: (data) => ({ hotspot_users: sum(data.hotspots.map((entry) => entry.users_active)) }),
};

/**
 * The catalogue's values in a reading of `category` that passed its schema (TELEMETRY_SCHEMAS).
 * Pure and allocation-light: the ingest path calls it once per reading.
 */
export const automationValuesOf = <C extends TelemetryCategory>(
  category: C,
  data: TelemetryData<C>,
): AutomationValues => {
  const extract = EXTRACTORS[category] as
    ((data: TelemetryData<C>) => AutomationValues) | undefined;
  return extract ? extract(data) : {};
};

/** The `status` parameter's value for a device going offline (0) or online (1). */
export const automationStatusValues = (status: 0 | 1): AutomationValues => ({ status });
