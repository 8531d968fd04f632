import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import {
  REPORT_APPLIED_BY,
  REPORT_PERIODS,
  REPORT_TYPES,
  type ReportParameter,
} from './reports.ts';

// A generated report's figures (issue 20; RMS GET /reports/generated/{id}): per device and over
// all of them, as the PDF and the CSV show them.

const int = z.number().int();
const intOrNull = int.nullable();

/** The device holding a highest or lowest value (RMS `all.max_signal` …). */
export const reportExtremeSchema = z
  .object({
    router_id: int,
    name: z.string(),
    serial: z.string(),
    mac: z.string().nullable(),
    value: int,
  })
  .nullable();
export type ReportExtreme = z.infer<typeof reportExtremeSchema>;

/**
 * One device's figures over the period (RMS inline_response_200_36_data_devices, with netfleet's
 * alerts, tasks, remote access and credits). A parameter the report does not hold is null, as is
 * one the device reported nothing for. Bytes, seconds, dBm and deci-degrees are whole numbers.
 */
export const reportDeviceSchema = z.object({
  router_id: int,
  name: z.string(),
  serial: z.string(),
  mac: z.string().nullable(),
  company_id: int,
  /** The operator and connection type of the device's last reading in the period (modem 1). */
  operator: z.string().nullable(),
  connection_type: z.string().nullable(),
  received: intOrNull,
  sent: intOrNull,
  received_sim1: intOrNull,
  received_sim2: intOrNull,
  sent_sim1: intOrNull,
  sent_sim2: intOrNull,
  max_signal: intOrNull,
  min_signal: intOrNull,
  /** The longest uptime (seconds since boot) the device reported in the period. */
  router_uptime: intOrNull,
  /** Seconds the device was connected and reporting in the period. */
  connection_uptime: intOrNull,
  max_temperature: intOrNull,
  min_temperature: intOrNull,
  alerts: intOrNull,
  tasks: intOrNull,
  tasks_succeeded: intOrNull,
  tasks_failed: intOrNull,
  remote_sessions: intOrNull,
  remote_bytes: intOrNull,
  credits_used: intOrNull,
});
export type ReportDevice = z.infer<typeof reportDeviceSchema>;

/** The device fields each parameter fills, in the order the CSV and the PDF show them. */
export const REPORT_PARAMETER_FIELDS: Readonly<
  Record<ReportParameter, readonly (keyof ReportDevice)[]>
> = {
  router_uptime: ['router_uptime'],
  temperature: ['max_temperature', 'min_temperature'],
  connection_uptime: ['connection_uptime'],
  connection_type: ['connection_type'],
  operator: ['operator'],
  data_usage: ['received', 'sent', 'received_sim1', 'received_sim2', 'sent_sim1', 'sent_sim2'],
  signal: ['max_signal', 'min_signal'],
  alerts: ['alerts'],
  tasks: ['tasks', 'tasks_succeeded', 'tasks_failed'],
  remote_access: ['remote_sessions', 'remote_bytes'],
  credits: ['credits_used'],
};

export const reportStatSchema = z.object({ name: z.string(), value: int });

/** One day of the period in its time zone (netfleet; the PDF's charts draw these). */
export const reportDaySchema = z.object({
  date: z.string(),
  received: int,
  sent: int,
  alerts: int,
});
export type ReportDay = z.infer<typeof reportDaySchema>;

/** GET /reports/generated/{id} data (RMS inline_response_200_36_data, plus netfleet's). */
export const reportDataSchema = z.object({
  all: z.object({
    max_signal: reportExtremeSchema,
    min_signal: reportExtremeSchema,
    mobile_data: z.object({ sent: int, received: int, total: int }).nullable(),
    average_values: z.object({
      signal: intOrNull,
      temperature: intOrNull,
      router_uptime: intOrNull,
      connection_uptime: intOrNull,
    }),
    max_temperature: reportExtremeSchema,
    min_temperature: reportExtremeSchema,
    max_router_uptime: reportExtremeSchema,
    min_router_uptime: reportExtremeSchema,
    max_connection_uptime: reportExtremeSchema,
    min_connection_uptime: reportExtremeSchema,
    /** netfleet's totals over the devices (null when the report does not hold the parameter). */
    devices: int,
    alerts: intOrNull,
    tasks: intOrNull,
    tasks_succeeded: intOrNull,
    tasks_failed: intOrNull,
    remote_sessions: intOrNull,
    remote_bytes: intOrNull,
    credits_used: intOrNull,
  }),
  params: z.object({
    type: z.enum(REPORT_TYPES),
    company: int,
    apply_to: z.enum(REPORT_APPLIED_BY),
    start_date: apiDateSchema,
    end_date: apiDateSchema,
    /** The parameters' ids, comma-joined as RMS gives them. */
    parameters: z.string(),
    period_type: z.enum(REPORT_PERIODS),
    report_name: z.string(),
    report_description: z.string(),
    /** Seconds since the epoch. */
    generation_date: int,
    time_zone: z.string(),
  }),
  devices: z.array(reportDeviceSchema),
  /** Devices per operator and per connection type, most first. */
  operator_stats: z.array(reportStatSchema),
  connection_type_stats: z.array(reportStatSchema),
  daily: z.array(reportDaySchema),
});
export type ReportData = z.infer<typeof reportDataSchema>;
