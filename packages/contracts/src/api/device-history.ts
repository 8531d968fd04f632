import { apiDateSchema } from '../api-dates.ts';
import { z } from 'zod';
import { TELEMETRY_CATEGORIES } from '../device-protocol.ts';
import { SIM_LABELS } from '../constants.ts';
import { idSchema, listQuerySchema } from '../list.ts';

/**
 * A device connection log row in RMS's shape (company_id … ip), plus netfleet's spec §8 code,
 * reason and message. netfleet logs the device's own connection attempts: no user or browser is
 * involved, so user_id and user_agent are null; `status` is whether the device got in.
 */
export const deviceLogSchema = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  company_id: z.number().int(),
  user_id: z.number().int().nullable(),
  serial: z.string(),
  /** Always `connection` (the spec §8 device connection log). */
  type: z.string(),
  status: z.boolean(),
  /** The same text as `message`. */
  log: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  code: z.number().int(),
  reason: z.string().nullable(),
  message: z.string(),
  created_at: apiDateSchema,
});
export const deviceLogsQuerySchema = listQuerySchema.pick({
  limit: true,
  offset: true,
  fields_only: true,
});

const dateSchema = z.coerce.date<string>({ error: 'Invalid date' });
export const dateRangeQuerySchema = z.object({
  start_date: dateSchema.optional(),
  end_date: dateSchema.optional(),
});
export const INFORMATION_TYPES = ['dynamic', 'io', 'gps'] as const;
export const informationParamsSchema = z.object({
  id: idSchema,
  type: z.enum(INFORMATION_TYPES),
});
/** Most points a time series returns; longer ranges are evenly thinned out on the server. */
export const INFORMATION_MAX_POINTS = 1000;
export const readingSchema = z.object({
  datetime: z.string(),
  data: z.record(z.string(), z.unknown()),
});
const intOrNull = z.number().int().nullable();
const textOrNull = z.string().nullable();
/**
 * GET /devices/{id}/information/{type}: RMS's flat fields of a reading (from the first and second
 * modem of a `dynamic` reading; null when the reading or the device does not carry them, e.g.
 * for io and gps readings) beside netfleet's `datetime` and whole `data`.
 */
export const informationReadingSchema = readingSchema.extend({
  signal: intOrNull,
  signal_2: intOrNull,
  /** Deci-degrees Celsius, as RMS reports it. */
  temperature: intOrNull,
  temperature_2: intOrNull,
  /** Bytes since the previous reading on SIM 1 / SIM 2 (any modem). */
  sim1_sent: intOrNull,
  sim1_received: intOrNull,
  sim2_sent: intOrNull,
  sim2_received: intOrNull,
  network_state: textOrNull,
  network_state_2: textOrNull,
  /** 1, 2, or 3 for the eSIM. */
  sim_slot: intOrNull,
  sim_slot_2: intOrNull,
  operator: textOrNull,
  operator_2: textOrNull,
  connection_type: textOrNull,
  connection_type_2: textOrNull,
  wan_ip: textOrNull,
  mobile_ip: textOrNull,
  mobile_ip_2: textOrNull,
  /** The same time as `datetime`. */
  created_at: z.string(),
});
export type InformationReading = z.infer<typeof informationReadingSchema>;
export const informationHistoryQuerySchema = z.object({ datetime: dateSchema.optional() });
/** The latest reading of every category at a time: netfleet's `readings` of a history row. */
export const categoryReadingsSchema = z.partialRecord(z.enum(TELEMETRY_CATEGORIES), readingSchema);
export type CategoryReadings = z.infer<typeof categoryReadingsSchema>;
/**
 * GET /devices/{id}/information-history: RMS's flat row of the device as it was at `datetime`
 * (one row; none when the device had reported nothing by then), from the latest dynamic and
 * static readings at or before it: the first modem's values, `temperature` in deci-degrees
 * Celsius. What netfleet does not record (firmware history, SIM and PIN state, cell, counters
 * per day/week/month, ...) is null. `readings` is netfleet's: every category's latest reading.
 */
export const informationHistorySchema = z.object({
  device_id: z.number().int(),
  /** Firmware is not kept per reading: null. */
  firmware: textOrNull,
  sim_state: textOrNull,
  pin_state: textOrNull,
  /** 1, 2, or 3 for the eSIM. */
  sim_slot: intOrNull,
  network_state: textOrNull,
  mobile_ip: textOrNull,
  signal: intOrNull,
  operator: textOrNull,
  operator_number: intOrNull,
  connection_state: textOrNull,
  connection_type: textOrNull,
  temperature: intOrNull,
  /** Seconds since boot. */
  router_uptime: intOrNull,
  connection_uptime: intOrNull,
  wan_state: textOrNull,
  wan_ip: textOrNull,
  cell_id: textOrNull,
  mcc: textOrNull,
  mnc: textOrNull,
  lac: textOrNull,
  /** The ICCID of the SIM in `sim_slot`, from the static reading. */
  iccid: textOrNull,
  rx_day: textOrNull,
  rx_week: textOrNull,
  rx_month: textOrNull,
  tx_day: textOrNull,
  tx_week: textOrNull,
  tx_month: textOrNull,
  readings: categoryReadingsSchema,
});
export type InformationHistoryRow = z.infer<typeof informationHistorySchema>;
export const informationParameterQuerySchema = z.object({
  datetime: dateSchema.optional(),
  /** One of RMS's parameters (the history row's fields), or a reading's key or `category.key`. */
  parameter: z.string().trim().min(1).max(64),
});
/**
 * GET /devices/{id}/information-history/parameter: RMS's rows `{created_at, <parameter>: text}`
 * (one row: the value at `datetime`; none when nothing was reported by then), with netfleet's
 * `parameter`, `category` and untyped `value` beside them.
 */
export const informationParameterSchema = z.looseObject({
  /** When the reading holding the value arrived. */
  created_at: apiDateSchema,
  parameter: z.string(),
  category: z.string().nullable(),
  value: z.unknown(),
});
export type InformationParameterRow = z.infer<typeof informationParameterSchema>;
export const datetimesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
/**
 * GET /devices/{id}/information-history/datetimes: RMS groups the times the device reported at
 * by day (UTC), newest first.
 */
export const informationDatetimesSchema = z.object({
  date: z.string(),
  times: z.array(z.string()),
});
export type InformationDatetimes = z.infer<typeof informationDatetimesSchema>;

/** Spec §9 SIM labels by stored slot: 1, 2, and 3 for the eSIM. */
export const simLabel = (sim: number): string => SIM_LABELS[sim - 1] ?? `SIM ${sim}`;
/** RMS: bytes received (rx) and sent (tx) per day, modem and SIM; sim_label is netfleet's. */
export const dataUsageSchema = z.object({
  date: z.string(),
  modems: z.array(
    z.object({
      /** The modem number as text (1, 2). */
      modem_id: z.string(),
      sims: z.array(
        z.object({
          /** 1, 2, or 3 for the eSIM. */
          sim_id: z.number().int(),
          sim_label: z.string(),
          data: z.object({ rx: z.number().int(), tx: z.number().int() }),
        }),
      ),
    }),
  ),
});
export type DataUsageDay = z.infer<typeof dataUsageSchema>;
export const locationSchema = z.object({
  datetime: z.string(),
  /** RMS's name for `datetime`. */
  created_at: apiDateSchema,
  latitude: z.number(),
  longitude: z.number(),
  altitude: z.number().nullable(),
  speed: z.number().nullable(),
  satellites: z.number().nullable(),
});
