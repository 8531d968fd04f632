import { z } from 'zod';
import { PICKER_PAGE_SIZE } from '../constants.ts';
import { listQuerySchema, LIST_MAX_LIMIT } from '../list.ts';

/** RMS field filters of GET /devices, each also negatable as `ne:field` (or RMS's `ne_field`). */
export const DEVICE_FILTER_FIELDS = [
  'status',
  'model',
  'mac',
  'firmware',
  'signal',
  'signal_2',
  'network_state',
  'network_state_2',
  'connection_type',
  'connection_type_2',
  'operator',
  'operator_2',
  'modem_model',
  'modem_model_2',
  'modem_manufacturer',
  'modem_manufacturer_2',
  'modem_firmware',
  'modem_firmware_2',
  'wan_state',
  'company_id',
  'tag_id',
  'information_updated',
  'monitoring_status',
  'task',
  'credit_type',
  'management_credit_type',
  'management_credit_type_id',
  'data_credit_type',
  'data_credit_type_id',
] as const;
export type DeviceFilterField = (typeof DEVICE_FILTER_FIELDS)[number];

/**
 * RMS status filter values; netfleet also takes `pending` (added, not enrolled) and the numeric
 * codes of DEVICE_STATUSES. `not_activated` is every device neither online nor offline.
 */
export const DEVICE_STATUS_FILTERS = ['online', 'offline', 'not_activated'] as const;
export const DEVICE_SIGNAL_FILTERS = ['excellent', 'average', 'low', 'no_signal'] as const;
export const DEVICE_NETWORK_STATE_FILTERS = ['home', 'roaming', 'unknown'] as const;
export const DEVICE_CONNECTION_TYPE_FILTERS = ['5g', '4g', '3g', '2g', 'unknown'] as const;
export const DEVICE_WAN_STATE_FILTERS = ['unknown', 'mobile', 'wifi', 'wired'] as const;
export const DEVICE_INFORMATION_UPDATED_FILTERS = [
  'never_been_updated',
  'less_than_5_minutes_ago',
  'more_than_5_minutes_ago',
  'more_than_1_hour_ago',
  'more_than_1_week_ago',
] as const;
export const DEVICE_MONITORING_STATUS_FILTERS = ['not_monitored', 'monitored'] as const;
export const DEVICE_TASK_FILTERS = [
  'no_pending_task',
  'pending_firmware',
  'pending_configuration',
] as const;
export const MANAGEMENT_CREDIT_TYPES = [
  'credit',
  'management_5y',
  'management_10y',
  'management_3y',
  'management_1y',
  'management_6m',
  'data_150GB_10y',
] as const;
export const DATA_CREDIT_TYPES = ['data_150GB_10y'] as const;
/** The CSV export's credit filter (RMS). */
export const CREDIT_TYPE_FILTERS = ['free', 'paid'] as const;

const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A comma list of values each matching one of `patterns` (regex sources). */
const commaListOf = (patterns: readonly string[], message: string) => {
  const one = `(?:${patterns.join('|')})`;
  return z
    .string()
    .trim()
    .max(1000)
    .regex(new RegExp(`^${one}(?:,${one})*$`), message);
};
const words = (values: readonly string[]) => values.map(escapeRegex);
const INTEGER = '-?\\d{1,10}';
/** `a..b` with either bound optional. */
const INTEGER_RANGE = `(?:${INTEGER})?\\.\\.(?:${INTEGER})?`;
const text = z.string().trim().max(255);
const ids = commaListOf(['[1-9]\\d{0,9}'], 'Ids must be positive integers');
const statusFilter = commaListOf(
  [...words(DEVICE_STATUS_FILTERS), 'pending', '[0-3]'],
  `Status must be ${DEVICE_STATUS_FILTERS.join(', ')} or pending (or 0 to 3)`,
);
const signalFilter = commaListOf(
  [...words(DEVICE_SIGNAL_FILTERS), INTEGER_RANGE, INTEGER],
  `Signal must be ${DEVICE_SIGNAL_FILTERS.join(', ')}, dBm or min..max dBm`,
);
/** RMS's classes, or the values devices report (as the statistics list them). */
const classOrValue = (classes: readonly string[]) =>
  text.describe(`${classes.join(', ')}, or a reported value; comma-separated`);
const enumFilter = (values: readonly string[], name: string) =>
  commaListOf(words(values), `${name} must be ${values.join(', ')}`);
const informationUpdatedFilter = text.describe(
  `${DEVICE_INFORMATION_UPDATED_FILTERS.join(', ')}, or a date range from..to`,
);

/** Each filter and its `ne:` negation, with one schema. */
const withNegation = <const K extends string, S extends z.ZodType>(keys: readonly K[], schema: S) =>
  Object.fromEntries(
    keys.flatMap((key) => [
      [key, schema.optional()],
      [`ne:${key}`, schema.optional()],
    ]),
  ) as Record<K | `ne:${K}`, z.ZodOptional<S>>;

/** The RMS field filters as query parameters (GET /devices, its CSV export and statistics). */
export const deviceFilterQueryShape = {
  ...withNegation(['status'], statusFilter),
  ...withNegation(['signal', 'signal_2'], signalFilter),
  ...withNegation(
    [
      'model',
      'mac',
      'firmware',
      'operator',
      'operator_2',
      'modem_model',
      'modem_model_2',
      'modem_manufacturer',
      'modem_manufacturer_2',
      'modem_firmware',
      'modem_firmware_2',
    ],
    text,
  ),
  /** RMS spells this negation with an underscore. */
  ne_modem_manufacturer: text.optional(),
  ne_modem_manufacturer_2: text.optional(),
  ...withNegation(['network_state', 'network_state_2'], classOrValue(DEVICE_NETWORK_STATE_FILTERS)),
  ...withNegation(
    ['connection_type', 'connection_type_2'],
    classOrValue(DEVICE_CONNECTION_TYPE_FILTERS),
  ),
  ...withNegation(['wan_state'], classOrValue(DEVICE_WAN_STATE_FILTERS)),
  ...withNegation(['information_updated'], informationUpdatedFilter),
  ...withNegation(['company_id', 'tag_id'], ids),
  ...withNegation(
    ['monitoring_status'],
    enumFilter(DEVICE_MONITORING_STATUS_FILTERS, 'Monitoring status'),
  ),
  ...withNegation(['task'], enumFilter(DEVICE_TASK_FILTERS, 'Task')),
  ...withNegation(['management_credit_type'], enumFilter(MANAGEMENT_CREDIT_TYPES, 'Credit type')),
  ...withNegation(['credit_type'], enumFilter(CREDIT_TYPE_FILTERS, 'Credit type')),
  ...withNegation(['data_credit_type'], enumFilter(DATA_CREDIT_TYPES, 'Data credit type')),
  ...withNegation(['management_credit_type_id', 'data_credit_type_id'], ids),
};

/** RMS's charts of GET /devices/statistics, in RMS's order. */
export const DEVICE_STATISTIC_CHARTS = [
  'model',
  'status',
  'firmware',
  'network_state',
  'network_state_2',
  'signal',
  'signal_2',
  'connection_type',
  'connection_type_2',
  'wan_state',
  'operator',
  'operator_2',
  'information_updated',
  'modem_manufacturer',
  'modem_manufacturer_2',
  'modem_firmware',
  'modem_firmware_2',
  'modem_model',
  'modem_model_2',
  'task',
] as const;
export type DeviceStatisticChart = (typeof DEVICE_STATISTIC_CHARTS)[number];
/**
 * The key of devices whose value is not known (no reading yet). Status, signal,
 * information_updated and task count RMS's filter classes (DEVICE_STATUS_FILTERS, ...), the other
 * charts the values the devices reported.
 */
export const STATISTICS_UNKNOWN = 'unknown';

export const deviceStatisticsQuerySchema = listQuerySchema
  .pick({ q: true, 'search-fields': true, id: true, offset: true })
  .extend({
    /** Values per chart, most common first: a picker's page (spec §7 pickers, limit 100). */
    limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(PICKER_PAGE_SIZE),
    /** Which charts (comma-separated); all of them when absent. */
    charts: commaListOf(words(DEVICE_STATISTIC_CHARTS), 'Unknown chart')
      .transform((v) => v.split(',') as DeviceStatisticChart[])
      .optional(),
    ...deviceFilterQueryShape,
    // RMS types the statistics' task filter as any text; unknown values are a 400 all the same.
    task: text.optional().describe(DEVICE_TASK_FILTERS.join(', ')),
  })
  .loose();

/** RMS: per chart, device counts by value (`{status: {online: 5, offline: 2}}`), most common first. */
export const deviceStatisticsSchema = z.object(
  Object.fromEntries(
    DEVICE_STATISTIC_CHARTS.map((chart) => [
      chart,
      z.record(z.string(), z.number().int()).optional(),
    ]),
  ) as Record<DeviceStatisticChart, z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodNumber>>>,
);
export type DeviceStatistics = z.infer<typeof deviceStatisticsSchema>;

/**
 * RMS's `data` as it is; `meta.total` is the most values any asked chart has, so a picker knows
 * whether `offset` + `limit` left any out.
 */
export const deviceStatisticsAnswerSchema = z.object({
  success: z.literal(true),
  data: deviceStatisticsSchema,
  meta: z.object({ total: z.number().int() }),
});
