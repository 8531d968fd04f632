import { z } from 'zod';
import type { AutomationValues } from './automation-parameters.ts';

// Device-side alert configurations (RMS "alerts configurations"): the server sends a device its
// whole set with one `alerts_config` job, the device evaluates it on its own readings and reports
// each event on `nf/d/<id>/al`. The evaluation is here so the agent and the simulator agree.

/** What a subtype watches; `none` is never raised from readings (netfleet devices have no SMS). */
export type DeviceAlertCheck =
  | 'reboot'
  | 'sim_switch'
  | 'io_change'
  | 'io_high'
  | 'io_low'
  | 'above'
  | 'below'
  | 'changed'
  | 'geofence_exit'
  | 'geofence_enter'
  | 'data_limit'
  | 'none';

export interface DeviceAlertSubtype {
  id: number;
  name: string;
  check: DeviceAlertCheck;
  /** The value it reads (`above`, `below`, `changed`). */
  key?: string;
  threshold?: number;
  unit?: string;
}

export interface DeviceAlertType {
  id: number;
  name: string;
  subtypes: readonly DeviceAlertSubtype[];
}

/**
 * The catalogue. RMS fixes type 3 "Status change" with subtype 9 "Signal strength dropped below
 * -75 dBm", type 5 geofence (latitude, longitude, radius), subtype 15 data limit and subtypes 11/12
 * (no action); the rest is netfleet's.
 */
export const DEVICE_ALERT_TYPES: readonly DeviceAlertType[] = [
  {
    id: 1,
    name: 'Device event',
    subtypes: [
      { id: 1, name: 'Device rebooted', check: 'reboot' },
      { id: 2, name: 'SIM card switched', check: 'sim_switch' },
    ],
  },
  {
    id: 2,
    name: 'Input/output',
    subtypes: [
      { id: 4, name: 'Digital input changed', check: 'io_change' },
      { id: 5, name: 'Digital input went high', check: 'io_high' },
      { id: 6, name: 'Digital input went low', check: 'io_low' },
    ],
  },
  {
    id: 3,
    name: 'Status change',
    subtypes: [
      {
        id: 7,
        name: 'Temperature rose above 70 °C',
        check: 'above',
        key: 'temperature',
        threshold: 70,
        unit: '°C',
      },
      {
        id: 8,
        name: 'Signal strength dropped below -95 dBm',
        check: 'below',
        key: 'signal',
        threshold: -95,
        unit: 'dBm',
      },
      {
        id: 9,
        name: 'Signal strength dropped below -75 dBm',
        check: 'below',
        key: 'signal',
        threshold: -75,
        unit: 'dBm',
      },
      { id: 10, name: 'Connection type changed', check: 'changed', key: 'connection_type' },
    ],
  },
  {
    id: 4,
    name: 'SMS',
    subtypes: [
      { id: 11, name: 'SMS received', check: 'none' },
      { id: 12, name: 'SMS forwarded to a phone', check: 'none' },
    ],
  },
  {
    id: 5,
    name: 'Geofence',
    subtypes: [
      { id: 13, name: 'Device left the geofence', check: 'geofence_exit' },
      { id: 14, name: 'Device entered the geofence', check: 'geofence_enter' },
    ],
  },
  {
    id: 6,
    name: 'Mobile data',
    subtypes: [{ id: 15, name: 'Mobile data limit reached', check: 'data_limit' }],
  },
];

/** Subtypes that take no action (RMS: 11 and 12). */
export const DEVICE_ALERT_NO_ACTION_SUBTYPES: readonly number[] = [11, 12];
/** The data limit subtype (data_limit, sim, period, starts; no message). */
export const DEVICE_ALERT_DATA_LIMIT_SUBTYPE = 15;
export const DEVICE_ALERT_PHONE_SUBTYPES: readonly number[] = [12, 15];
export const DEVICE_ALERT_STATUS_TYPE = 3;
export const DEVICE_ALERT_GEOFENCE_TYPE = 5;
/** The most configs a device keeps. */
export const DEVICE_ALERT_CONFIGS_PER_DEVICE_MAX = 50;

export const deviceAlertTypeOf = (typeId: number) =>
  DEVICE_ALERT_TYPES.find((type) => type.id === typeId);

export const deviceAlertSubtypeOf = (typeId: number, subtypeId: number) =>
  deviceAlertTypeOf(typeId)?.subtypes.find((subtype) => subtype.id === subtypeId);

export const DATA_LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type DataLimitPeriod = (typeof DATA_LIMIT_PERIODS)[number];

/** One config as the device gets it (what evaluating needs; texts stay on the server). */
export const deviceAlertConfigSchema = z.object({
  id: z.number().int().positive(),
  alert_type_id: z.number().int().positive(),
  alert_subtype_id: z.number().int().positive(),
  /** Minutes within which a second event of the config is not sent; null: every event. */
  redundancy_interval: z.number().int().min(0).nullable().default(null),
  /** MB per period (subtype 15). */
  data_limit: z.number().int().min(0).nullable().default(null),
  sim: z.number().int().min(1).max(2).nullable().default(null),
  period: z.enum(DATA_LIMIT_PERIODS).nullable().default(null),
  /** Hour (day), weekday 1–7 (week) or day of month (month) the period starts. */
  starts: z.number().int().min(0).nullable().default(null),
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  /** Metres. */
  radius: z.number().min(0).nullable().default(null),
});
export type DeviceAlertConfig = z.infer<typeof deviceAlertConfigSchema>;

/** `alerts_config` job args: the device's whole set; an empty list stops every alert. */
export const alertsConfigArgsSchema = z.object({
  version: z.number().int().min(0),
  configs: z.array(deviceAlertConfigSchema).max(DEVICE_ALERT_CONFIGS_PER_DEVICE_MAX),
});
export type AlertsConfigArgs = z.infer<typeof alertsConfigArgsSchema>;

export type DeviceAlertValue = number | string | null;

/** device → server on `nf/d/<id>/al`: one event of one config. */
export const alertMessageSchema = z.object({
  ts: z.number().int().positive(),
  config_id: z.number().int().positive(),
  alert_type_id: z.number().int().positive(),
  alert_subtype_id: z.number().int().positive(),
  text: z.string().max(1024),
  values: z
    .record(z.string().max(64), z.union([z.number(), z.string().max(255), z.null()]))
    .default({}),
});
export type AlertMessage = z.infer<typeof alertMessageSchema>;

/**
 * What a device knows now: the automation parameters of its latest readings (`signal`,
 * `temperature`, `uptime`, `sim_slot`, `connection_type`, `io_input:<name>`), plus `latitude`,
 * `longitude` and, per data limit config, `deviceAlertUsageKey(config)` = bytes used this period.
 */
export type DeviceAlertValues = AutomationValues;

/** The value a data limit config reads: bytes the SIM used since its period started. */
export const deviceAlertUsageKey = (config: Pick<DeviceAlertConfig, 'sim' | 'period' | 'starts'>) =>
  `data_used:${config.sim ?? 1}:${config.period ?? 'month'}:${config.starts ?? 1}`;

/** Between evaluations: the values last seen, which conditions held, when each config last sent. */
export interface DeviceAlertState {
  last: DeviceAlertValues;
  active: Record<string, boolean>;
  sentAt: Record<string, number>;
}

export const emptyDeviceAlertState = (): DeviceAlertState => ({ last: {}, active: {}, sentAt: {} });

export type DeviceAlertEvent = Omit<AlertMessage, 'ts'>;

const EARTH_RADIUS_M = 6_371_000;

/** Great-circle distance in metres. */
export const distanceMetres = (lat1: number, lon1: number, lat2: number, lon2: number) => {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
};

const num = (value: number | string | undefined) => (typeof value === 'number' ? value : undefined);

type Found = { text: string; values: Record<string, DeviceAlertValue> } | null;
/** A level condition: true, false, or unknown (the values do not say). */
type Level = { holds: boolean | undefined; text: string; values: Record<string, DeviceAlertValue> };

const levelOf = (
  subtype: DeviceAlertSubtype,
  config: DeviceAlertConfig,
  values: DeviceAlertValues,
): Level | null => {
  const unknown = { holds: undefined, text: '', values: {} };
  switch (subtype.check) {
    case 'above':
    case 'below': {
      const value = num(values[subtype.key ?? '']);
      if (value === undefined) return unknown;
      const limit = subtype.threshold ?? 0;
      return {
        holds: subtype.check === 'above' ? value > limit : value < limit,
        text: `${subtype.name} (${value} ${subtype.unit ?? ''})`.replace(' )', ')'),
        values: { [subtype.key ?? '']: value },
      };
    }
    case 'geofence_exit':
    case 'geofence_enter': {
      const [lat, lon] = [num(values.latitude), num(values.longitude)];
      if (lat === undefined || lon === undefined || config.latitude === null) return unknown;
      if (config.longitude === null || config.radius === null) return unknown;
      const distance = Math.round(distanceMetres(lat, lon, config.latitude, config.longitude));
      const outside = distance > config.radius;
      return {
        holds: subtype.check === 'geofence_exit' ? outside : !outside,
        text: `${subtype.name} (${distance} m from its centre, radius ${config.radius} m)`,
        values: { latitude: lat, longitude: lon, distance },
      };
    }
    case 'data_limit': {
      const used = num(values[deviceAlertUsageKey(config)]);
      if (used === undefined || config.data_limit === null) return unknown;
      const mb = Math.round((used / 1_048_576) * 10) / 10;
      return {
        holds: used >= config.data_limit * 1_048_576,
        text: `${subtype.name} (SIM ${config.sim ?? 1}: ${mb} MB of ${config.data_limit} MB this ${config.period ?? 'month'})`,
        values: { data_used: used, data_limit: config.data_limit },
      };
    }
    default:
      return null;
  }
};

/** Change events: something differs from the last values (never on the first values seen). */
const changeOf = (
  subtype: DeviceAlertSubtype,
  values: DeviceAlertValues,
  last: DeviceAlertValues,
): Found[] => {
  const changed = (key: string) =>
    values[key] !== undefined && last[key] !== undefined && values[key] !== last[key];
  switch (subtype.check) {
    case 'reboot': {
      const [now, before] = [num(values.uptime), num(last.uptime)];
      if (now === undefined || before === undefined || now >= before) return [];
      return [{ text: `${subtype.name} (uptime ${now} s)`, values: { uptime: now } }];
    }
    case 'sim_switch':
      if (!changed('sim_slot')) return [];
      return [
        {
          text: `${subtype.name} (SIM ${last.sim_slot} → SIM ${values.sim_slot})`,
          values: { sim_slot: values.sim_slot ?? null, previous: last.sim_slot ?? null },
        },
      ];
    case 'changed': {
      const key = subtype.key ?? '';
      if (!changed(key)) return [];
      return [
        {
          text: `${subtype.name} (${last[key]} → ${values[key]})`,
          values: { [key]: values[key] ?? null, previous: last[key] ?? null },
        },
      ];
    }
    case 'io_change':
    case 'io_high':
    case 'io_low':
      return Object.keys(values)
        .filter((key) => key.startsWith('io_input:') && changed(key))
        .filter(
          (key) =>
            subtype.check === 'io_change' || values[key] === (subtype.check === 'io_high' ? 1 : 0),
        )
        .map((key) => {
          const level = values[key] === 1 ? 'High' : 'Low';
          return {
            text: `${subtype.name}: ${key.slice('io_input:'.length)} is ${level}`,
            values: { [key]: values[key] ?? null },
          };
        });
    default:
      return [];
  }
};

/**
 * Evaluates a device's set on its current values. Level conditions (thresholds, geofence, data
 * limit) raise an event when they start to hold; changes (reboot, SIM, inputs, connection type)
 * when a value differs from the last one seen. An event of a config within `redundancy_interval`
 * minutes of its previous one is not sent. Pure: answers the events and the next state.
 */
export const evaluateDeviceAlerts = (
  configs: readonly DeviceAlertConfig[],
  values: DeviceAlertValues,
  state: DeviceAlertState,
  now: number,
): { events: DeviceAlertEvent[]; state: DeviceAlertState } => {
  const next: DeviceAlertState = {
    last: { ...state.last, ...values },
    active: { ...state.active },
    sentAt: { ...state.sentAt },
  };
  const events: DeviceAlertEvent[] = [];
  for (const config of configs) {
    const subtype = deviceAlertSubtypeOf(config.alert_type_id, config.alert_subtype_id);
    if (!subtype) continue;
    const id = String(config.id);
    const level = levelOf(subtype, config, values);
    let found: Found[];
    if (level) {
      if (level.holds === undefined) continue;
      const started = level.holds && !state.active[id];
      next.active[id] = level.holds;
      found = started ? [{ text: level.text, values: level.values }] : [];
    } else found = changeOf(subtype, values, state.last);
    for (const event of found) {
      if (!event) continue;
      const sent = next.sentAt[id];
      const quiet = (config.redundancy_interval ?? 0) * 60_000;
      if (sent !== undefined && quiet > 0 && now - sent < quiet) continue;
      next.sentAt[id] = now;
      events.push({
        config_id: config.id,
        alert_type_id: config.alert_type_id,
        alert_subtype_id: config.alert_subtype_id,
        text: event.text,
        values: event.values,
      });
    }
  }
  return { events, state: next };
};

/** State of configs no longer in the set is dropped (a new config starts fresh). */
export const pruneDeviceAlertState = (
  state: DeviceAlertState,
  configs: readonly DeviceAlertConfig[],
): DeviceAlertState => {
  const ids = new Set(configs.map((config) => String(config.id)));
  const keep = (record: Record<string, boolean> | Record<string, number>) =>
    Object.fromEntries(Object.entries(record).filter(([key]) => ids.has(key)));
  return {
    last: state.last,
    active: keep(state.active) as Record<string, boolean>,
    sentAt: keep(state.sentAt) as Record<string, number>,
  };
};

/**
 * The alert's message from the config's template (RMS placeholders: %rn router name, %et event
 * type, %ex event text, %ts time stamp); an empty template gives RMS's default wording.
 */
export const DEVICE_ALERT_DEFAULT_TEMPLATE =
  'Router name - %rn; Event type - %et; Event text - %ex; Time stamp - %ts';

export const renderDeviceAlertMessage = (
  template: string,
  parts: { routerName: string; eventType: string; eventText: string; timeStamp: string },
) =>
  (template.trim() || DEVICE_ALERT_DEFAULT_TEMPLATE)
    .replaceAll('%rn', parts.routerName)
    .replaceAll('%et', parts.eventType)
    .replaceAll('%ex', parts.eventText)
    .replaceAll('%ts', parts.timeStamp);
