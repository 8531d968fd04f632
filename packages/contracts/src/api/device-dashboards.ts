import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { ID_MAX, idSchema } from '../list.ts';
import { nameSchema } from '../validation.ts';

// Device dashboards (spec §2: the device page's dashboards tab, dashboards/{dashboard_id} and the
// standalone mobile dashboard /device/{id}/dashboard/{dashboard_id}). Users build them per device:
// a name, a description and an ordered list of widgets. A widget shows data the server already
// keeps for the device (its readings, positions, data usage) or a company's dashboard image; the
// dashboard itself only stores the layout.

export const DEVICE_DASHBOARD_NAME_MAX_LENGTH = 64;
export const DEVICE_DASHBOARD_DESCRIPTION_MAX_LENGTH = 255;
export const DEVICE_DASHBOARD_WIDGET_TITLE_MAX_LENGTH = 64;
/** Widgets one dashboard holds. */
export const DEVICE_DASHBOARD_WIDGETS_MAX = 12;
/** Dashboards one device keeps. */
export const DEVICE_DASHBOARDS_MAX = 20;

/**
 * The periods a dashboard's charts cover (the same presets as the device page's metrics tab);
 * `range` is the one a dashboard opens with.
 */
export const DEVICE_DASHBOARD_RANGES = ['1h', '6h', '24h', '7d', '30d'] as const;
export type DeviceDashboardRange = (typeof DEVICE_DASHBOARD_RANGES)[number];
export const DEVICE_DASHBOARD_DEFAULT_RANGE: DeviceDashboardRange = '24h';

/**
 * What a chart or value widget shows. All but `data_usage` come from the device's dynamic readings
 * (GET /devices/{id}/information/dynamic; signal values per modem); `data_usage` is the mobile
 * data per day (GET /devices/{id}/data-usage).
 */
export const DEVICE_DASHBOARD_METRICS = [
  'signal',
  'rsrp',
  'rsrq',
  'sinr',
  'temperature',
  'load',
  'memory_free',
  'mobile_traffic',
  'data_usage',
] as const;
export type DeviceDashboardMetric = (typeof DEVICE_DASHBOARD_METRICS)[number];

/**
 * - chart: the metric over the dashboard's period
 * - value: the metric's latest value (data usage: the period's total)
 * - facts: the device's key facts (status, model, firmware, serial, addresses)
 * - io: the device's inputs and outputs (devices with IO): every pin's latest level, or one pin's
 *   state over the period (GET /devices/{id}/information/io)
 * - gps: the device's position on the map with its last fix (devices with GPS), optionally its
 *   track over the period (GET /devices/{id}/locations/history)
 * - image: one of the companies' dashboard images (GET /images/{id}), scaled to the widget
 */
export const DEVICE_DASHBOARD_WIDGET_KINDS = [
  'chart',
  'value',
  'facts',
  'io',
  'gps',
  'image',
] as const;
export type DeviceDashboardWidgetKind = (typeof DEVICE_DASHBOARD_WIDGET_KINDS)[number];

/** The kinds only a device with that hardware can have, by the capability flag it needs. */
export const DEVICE_DASHBOARD_KIND_CAPABILITIES = {
  io: 'has_io',
  gps: 'has_gps',
} as const satisfies Partial<Record<DeviceDashboardWidgetKind, string>>;

/** An IO reading's pin groups: digital inputs (level), relays (state), analog inputs (value). */
export const DEVICE_DASHBOARD_IO_PIN_TYPES = ['input', 'relay', 'analog'] as const;
export type DeviceDashboardIoPinType = (typeof DEVICE_DASHBOARD_IO_PIN_TYPES)[number];
/** Pin names are the IO reading's (at most 64 characters there too). */
export const DEVICE_DASHBOARD_IO_PIN_NAME_MAX_LENGTH = 64;

export const DEVICE_DASHBOARD_MESSAGES = {
  notFound: 'Dashboard not found',
  deviceNotFound: 'Device not found',
  nameTaken: 'The device already has a dashboard with this name',
  tooMany: `A device keeps at most ${DEVICE_DASHBOARDS_MAX} dashboards`,
  tooManyWidgets: `A dashboard holds at most ${DEVICE_DASHBOARD_WIDGETS_MAX} widgets`,
  duplicateWidget: 'Widget ids must be unique within a dashboard',
  kindUnavailable: 'The device cannot show this widget',
  pinNotFound: "The device's IO readings have no such pin",
  imageNotFound: 'Image not found',
  nothingToChange: 'Nothing to change',
} as const;

export const deviceDashboardNameSchema = nameSchema({ max: DEVICE_DASHBOARD_NAME_MAX_LENGTH });
export const deviceDashboardDescriptionSchema = z
  .string()
  .trim()
  .max(DEVICE_DASHBOARD_DESCRIPTION_MAX_LENGTH);
export const deviceDashboardRangeSchema = z.enum(DEVICE_DASHBOARD_RANGES);
export const deviceDashboardMetricSchema = z.enum(DEVICE_DASHBOARD_METRICS);

/** A widget's id within its dashboard: letters, digits, '-' and '_' (the server makes UUIDs). */
export const deviceDashboardWidgetIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(36)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Invalid widget id' });

const widgetBase = {
  id: deviceDashboardWidgetIdSchema,
  /** Shown above the widget; empty: the metric's (or the kind's) own name. */
  title: z.string().trim().max(DEVICE_DASHBOARD_WIDGET_TITLE_MAX_LENGTH),
};

export const deviceDashboardChartWidgetSchema = z.object({
  ...widgetBase,
  kind: z.literal('chart'),
  metric: deviceDashboardMetricSchema,
});
export const deviceDashboardValueWidgetSchema = z.object({
  ...widgetBase,
  kind: z.literal('value'),
  metric: deviceDashboardMetricSchema,
});
export const deviceDashboardFactsWidgetSchema = z.object({
  ...widgetBase,
  kind: z.literal('facts'),
});

/** One pin of the device's IO readings, by its group and name. */
export const deviceDashboardIoPinSchema = z.object({
  type: z.enum(DEVICE_DASHBOARD_IO_PIN_TYPES),
  name: z.string().trim().min(1).max(DEVICE_DASHBOARD_IO_PIN_NAME_MAX_LENGTH),
});
export type DeviceDashboardIoPin = z.infer<typeof deviceDashboardIoPinSchema>;

export const deviceDashboardIoWidgetSchema = z.object({
  ...widgetBase,
  kind: z.literal('io'),
  /** null: every pin's latest level; a pin: its state over the period. */
  pin: deviceDashboardIoPinSchema.nullable(),
});
export const deviceDashboardGpsWidgetSchema = z.object({
  ...widgetBase,
  kind: z.literal('gps'),
  /** Whether the positions of the period are drawn beside the latest one. */
  track: z.boolean(),
});
export const deviceDashboardImageWidgetSchema = z.object({
  ...widgetBase,
  kind: z.literal('image'),
  /** An image (GET /images/{id}) the user who placed it could see. */
  image_id: z.number().int().min(1).max(ID_MAX),
});

/** One widget as stored and answered. */
export const deviceDashboardWidgetSchema = z.discriminatedUnion('kind', [
  deviceDashboardChartWidgetSchema,
  deviceDashboardValueWidgetSchema,
  deviceDashboardFactsWidgetSchema,
  deviceDashboardIoWidgetSchema,
  deviceDashboardGpsWidgetSchema,
  deviceDashboardImageWidgetSchema,
]);
export type DeviceDashboardWidget = z.infer<typeof deviceDashboardWidgetSchema>;

const asInput = { id: widgetBase.id.optional(), title: widgetBase.title.default('') };

/** A widget as sent: a new one may come without an id (the server gives it one) or title. */
export const deviceDashboardWidgetInputSchema = z.discriminatedUnion('kind', [
  deviceDashboardChartWidgetSchema.extend(asInput),
  deviceDashboardValueWidgetSchema.extend(asInput),
  deviceDashboardFactsWidgetSchema.extend(asInput),
  deviceDashboardIoWidgetSchema.extend({
    ...asInput,
    pin: deviceDashboardIoPinSchema.nullable().default(null),
  }),
  deviceDashboardGpsWidgetSchema.extend({ ...asInput, track: z.boolean().default(false) }),
  deviceDashboardImageWidgetSchema.extend(asInput),
]);
export type DeviceDashboardWidgetInput = z.input<typeof deviceDashboardWidgetInputSchema>;

/** The ordered widgets of a dashboard as sent: at most 12, ids unique. */
export const deviceDashboardWidgetsInputSchema = z
  .array(deviceDashboardWidgetInputSchema)
  .max(DEVICE_DASHBOARD_WIDGETS_MAX, { error: DEVICE_DASHBOARD_MESSAGES.tooManyWidgets })
  .refine(
    (widgets) => {
      const ids = widgets.flatMap((widget) => (widget.id ? [widget.id] : []));
      return new Set(ids).size === ids.length;
    },
    { error: DEVICE_DASHBOARD_MESSAGES.duplicateWidget },
  );

export const deviceDashboardSchema = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  range: deviceDashboardRangeSchema,
  widgets: z.array(deviceDashboardWidgetSchema),
  /** Who created it (null once that user is gone). */
  created_by: z.number().int().nullable(),
  created_at: apiDateSchema,
  updated_at: apiDateSchema,
});
export type DeviceDashboard = z.infer<typeof deviceDashboardSchema>;

export const deviceDashboardParamsSchema = z.object({ id: idSchema, dashboard_id: idSchema });
export type DeviceDashboardParams = z.infer<typeof deviceDashboardParamsSchema>;

/** POST /devices/{id}/dashboards. */
export const deviceDashboardCreateSchema = z.object({
  name: deviceDashboardNameSchema,
  description: deviceDashboardDescriptionSchema.default(''),
  range: deviceDashboardRangeSchema.default(DEVICE_DASHBOARD_DEFAULT_RANGE),
  widgets: deviceDashboardWidgetsInputSchema.default([]),
});
export type DeviceDashboardCreate = z.input<typeof deviceDashboardCreateSchema>;

/** PUT /devices/{id}/dashboards/{dashboard_id}: the fields sent change; `widgets` replaces all. */
export const deviceDashboardUpdateSchema = z
  .object({
    name: deviceDashboardNameSchema.optional(),
    description: deviceDashboardDescriptionSchema.optional(),
    range: deviceDashboardRangeSchema.optional(),
    widgets: deviceDashboardWidgetsInputSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: DEVICE_DASHBOARD_MESSAGES.nothingToChange,
  });
export type DeviceDashboardUpdate = z.input<typeof deviceDashboardUpdateSchema>;
