import { apiDateQuerySchema, apiDateSchema } from '../api-dates.ts';
import { z } from 'zod';
import { ID_MAX, idSchema, listQuerySchema } from '../list.ts';
import { DEVICE_STATUS_FILTERS } from './device-filters.ts';

// GET /hotspots, /wireless and their per-device twins (RMS API v3 "hotspots" and "wireless"):
// one row per hotspot or Wi-Fi interface of a device, from the device's latest reading.

/** `a,b` or a repeated parameter, as the list conventions accept. */
const values = z.union([z.string(), z.array(z.string())]).transform((v) =>
  (Array.isArray(v) ? v.join(',') : v)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

const commaList = values.pipe(z.array(z.string().max(64)).max(100));

/** Status names (RMS) and the codes of DEVICE_STATUSES they stand for. */
const STATUS_CODES: Record<string, number[]> = {
  offline: [0],
  online: [1],
  pending: [2],
  /** Every device neither online nor offline, as on GET /devices. */
  not_activated: [2, 3],
};
/**
 * `status=online,offline` (RMS's names: online, offline, not_activated; and pending) or the codes
 * `status=0,1` (0 offline, 1 online, 2 pending, 3 not activated), as device status codes.
 */
const statusList = values
  .pipe(
    z
      .array(
        z.union([
          z.enum(['online', 'offline', 'not_activated', 'pending']),
          z.coerce.number<string>().int().min(0).max(3),
        ]),
      )
      .max(8),
  )
  .transform((list) => [
    ...new Set(list.flatMap((v) => (typeof v === 'number' ? [v] : (STATUS_CODES[v] ?? [])))),
  ]);

/** The console's key of a row: `{device_id}:{index}`. */
export const WIRELESS_ID_PATTERN = /^[1-9]\d{0,9}:\d{1,2}$/;
export const wirelessKeyOf = (deviceId: number, index: number): string => `${deviceId}:${index}`;
/**
 * RMS's integer `id` of a hotspot or Wi-Fi row: `device_id * 100 + index`. Rows have no id of
 * their own (one per device and index of the latest reading, index 0-15), so this one is
 * derived, stable while the device reports the interface, and never shared by two rows of a list.
 */
export const WIRELESS_ID_FACTOR = 100;
export const wirelessIdOf = (deviceId: number, index: number): number =>
  deviceId * WIRELESS_ID_FACTOR + index;
/** The `{device_id}:{index}` key of an integer id, or of a key itself. */
const keyOfWirelessId = (id: string): string =>
  id.includes(':')
    ? id
    : wirelessKeyOf(Math.floor(Number(id) / WIRELESS_ID_FACTOR), Number(id) % WIRELESS_ID_FACTOR);

/** RMS's device status name of a status code (DEVICE_STATUSES): online, offline, not_activated. */
export const deviceStatusName = (code: number): DeviceStatusName =>
  code === 1 ? 'online' : code === 0 ? 'offline' : 'not_activated';
export type DeviceStatusName = (typeof DEVICE_STATUS_FILTERS)[number];

/** The device fields every row carries, named as the device list's filters name them. */
const deviceFields = {
  /** The console's key of the row, `{device_id}:{index}` (the `wireless_id` filter takes it too). */
  key: z.string(),
  device_id: z.number().int(),
  device_name: z.string(),
  serial: z.string(),
  model: z.string().nullable(),
  firmware: z.string().nullable(),
  /** Device status code: 0 offline, 1 online, 2 pending, 3 not activated. */
  device_status: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  /** The hotspot's own index on the device, or the Wi-Fi interface's position in the reading. */
  index: z.number().int(),
  ssid: z.string(),
  /** When the reading arrived. */
  updated_at: apiDateSchema,
};
/** RMS `id`: `device_id * 100 + index` (wirelessIdOf). */
const rowId = z.number().int();
const unknownText = z.string().nullable();

/** GET /hotspots: one row per hotspot of a device's latest hotspot reading. */
export const hotspotSchema = z.object({
  id: rowId,
  ...deviceFields,
  /** RMS: the device's name. */
  name: z.string(),
  /** Not known to netfleet: null. */
  description: unknownText,
  /** RMS: the device's status, online, offline or not_activated. */
  status: z.enum(DEVICE_STATUS_FILTERS),
  /** Not known to netfleet: null. */
  is_esim_bootstrap: z.boolean().nullable(),
  /** Users logged in to the hotspot at the reading. */
  online_users: z.number().int(),
  /** RMS: the SSID names of the row (this hotspot's SSID). */
  ssid_names: z.string(),
  /** Bytes of the reading's period. */
  rx: z.number().int().nullable(),
  tx: z.number().int().nullable(),
});
export type Hotspot = z.infer<typeof hotspotSchema>;

/** GET /devices/{id}/hotspots: one row per hotspot of the device's latest hotspot reading. */
export const deviceHotspotSchema = hotspotSchema
  .omit({ status: true, name: true, description: true, is_esim_bootstrap: true, ssid_names: true })
  .extend({
    /** RMS: whether the hotspot is up. Readings do not say: null. */
    status: z.boolean().nullable(),
    /** RMS: the hotspot's address. Readings do not carry it: null. */
    hotspot_ip: z.number().int().nullable(),
    /** RMS: the hotspot's authentication mode. Readings do not carry it: null. */
    auth_type: unknownText,
    /** RMS: the hotspot's index as text (the same number as `index`). */
    hotspot_index: z.string(),
  });
export type DeviceHotspot = z.infer<typeof deviceHotspotSchema>;

/** GET /wireless: one row per Wi-Fi interface of a device's latest wireless reading. */
export const wirelessInterfaceSchema = z.object({
  id: rowId,
  ...deviceFields,
  /** RMS: the device's name. */
  name: z.string(),
  /** Not known to netfleet: null. */
  description: unknownText,
  /** RMS: the device's status, online, offline or not_activated. */
  status: z.enum(DEVICE_STATUS_FILTERS),
  /**
   * RMS: bytes received and sent on the interface, as text: the counters of the latest reading
   * (since the interface came up); null when the device does not report them.
   */
  received: unknownText,
  sent: unknownText,
  /** RMS: connected clients, as text (the same number as `clients`). */
  clients_count: z.string(),
  /** RMS: when the interface was first seen. Not kept: null. */
  created_at: apiDateSchema.nullable(),
  band: z.string().nullable(),
  channel: z.number().int().nullable(),
  enabled: z.boolean().nullable(),
  clients: z.number().int(),
});
export type WirelessInterface = z.infer<typeof wirelessInterfaceSchema>;

/** GET /devices/{id}/wireless: one row per Wi-Fi interface of the device's latest reading. */
export const deviceWirelessSchema = z.object({
  id: rowId,
  ...deviceFields,
  /** RMS: the interface's id on the device, as text: its index (`wlan` filters by it). */
  wlan_id: z.string(),
  /** RMS: 1 when the interface is on, 0 when off, null when the reading does not say. */
  active: z.number().int().nullable(),
  /**
   * RMS: bytes received and sent on the interface: the counters of the latest reading (since the
   * interface came up); null when the device does not report them.
   */
  received: z.number().int().nullable(),
  sent: z.number().int().nullable(),
  /** RMS: connected clients. */
  clients_count: z.number().int(),
  band: z.string().nullable(),
  channel: z.number().int().nullable(),
  enabled: z.boolean().nullable(),
});
export type DeviceWireless = z.infer<typeof deviceWirelessSchema>;

const DEVICE_SORT = [
  'device_name',
  'name',
  'serial',
  'model',
  'firmware',
  'status',
  'device_status',
  'company_name',
];
export const HOTSPOT_SORT_FIELDS = [
  ...DEVICE_SORT,
  'ssid',
  'online_users',
  'users_active',
  'updated_at',
] as const;
export const WIRELESS_SORT_FIELDS = [
  ...DEVICE_SORT,
  'ssid',
  'band',
  'channel',
  'clients',
  'clients_count',
  'updated_at',
] as const;
/** What `q` searches (and `search-fields` may name). */
export const WIRELESS_SEARCH_FIELDS = ['device_name', 'serial', 'ssid'] as const;
export const WIRELESS_BANDS = ['2.4GHz', '5GHz'] as const;

/** `fields_only=true` answers the row's field names (RMS). */
export const HOTSPOT_FIELDS = Object.keys(hotspotSchema.shape);
export const WIRELESS_FIELDS = Object.keys(wirelessInterfaceSchema.shape);

/** GET /devices/{id}/wireless: `wlan=0,1` picks interfaces by `wlan_id` (RMS). */
export const deviceWirelessQuerySchema = z.object({
  wlan: values.pipe(z.array(z.coerce.number<string>().int().min(0).max(99)).max(100)).optional(),
});
export type DeviceWirelessQuery = z.infer<typeof deviceWirelessQuerySchema>;

const deviceFilters = listQuerySchema.omit({ id: true, fields: true }).extend({
  status: statusList.optional(),
  model: commaList.optional(),
  firmware: commaList.optional(),
  company_id: idSchema.optional(),
});

export const hotspotListQuerySchema = deviceFilters.extend({
  /** Hotspots named exactly so (comma-separated). */
  ssid_names: commaList.optional(),
});
export type HotspotListQuery = z.infer<typeof hotspotListQuerySchema>;

export const wirelessListQuerySchema = deviceFilters.extend({
  /** RMS's integer ids (`device_id * 100 + index`) or `device_id:index` keys, comma-separated. */
  wireless_id: commaList
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(?:[1-9]\d{0,11}|[1-9]\d{0,9}:\d{1,2})$/,
            'Wireless ids are integers or device_id:index',
          )
          .transform(keyOfWirelessId)
          // A device id past the integer column would fail the query instead of matching nothing.
          .refine((key) => {
            const deviceId = Number(key.split(':')[0]);
            return deviceId >= 1 && deviceId <= ID_MAX;
          }, 'Wireless ids are integers or device_id:index'),
      ),
    )
    .optional(),
  band: z.enum(WIRELESS_BANDS).optional(),
});
export type WirelessListQuery = z.infer<typeof wirelessListQuerySchema>;

/** The answer of `fields_only=true`, or a page of rows. */
export const fieldNamesEnvelope = z.object({
  success: z.literal(true),
  data: z.array(z.string()),
});

// GET /devices/{id}/wireless/graph (RMS wirelessGraph): clients and traffic of a device's Wi-Fi
// interfaces over time, from its stored wireless readings.

/** The default and the longest range of a graph: readings are kept about a month. */
export const WIRELESS_GRAPH_DEFAULT_RANGE_MS = 24 * 60 * 60 * 1000;
export const WIRELESS_GRAPH_MAX_RANGE_MS = 31 * 24 * 60 * 60 * 1000;
/** The most points of one interface's series; longer ranges are evenly thinned in SQL. */
export const WIRELESS_GRAPH_MAX_POINTS = 500;

export const WIRELESS_GRAPH_MESSAGES = {
  unknownWlan: 'The device has no Wi-Fi interface with this id',
  rangeOrder: '`from` must be before `to`',
  rangeTooLong: 'The range can span at most 31 days',
} as const;

/**
 * `wlan=0,1` (required, as RMS requires it): the interfaces by `wlan_id`, as
 * GET /devices/{id}/wireless lists them. `from`/`to` (netfleet): the range, YYYY-MM-DD HH:mm:ss
 * UTC; a day when one bound is missing (up to now when both are), at most 31 days.
 */
export const wirelessGraphQuerySchema = z
  .object({
    wlan: values.pipe(z.array(z.coerce.number<string>().int().min(0).max(99)).min(1).max(16)),
    from: apiDateQuerySchema.optional(),
    to: apiDateQuerySchema.optional(),
  })
  .superRefine((query, ctx) => {
    // Zod runs this even when another key failed (wlan=1e308): `from` may then be unparsed text.
    if (!(query.from instanceof Date) || !(query.to instanceof Date)) return;
    if (query.from.getTime() >= query.to.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: WIRELESS_GRAPH_MESSAGES.rangeOrder });
    } else if (query.to.getTime() - query.from.getTime() > WIRELESS_GRAPH_MAX_RANGE_MS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: WIRELESS_GRAPH_MESSAGES.rangeTooLong });
    }
  });
export type WirelessGraphQuery = z.infer<typeof wirelessGraphQuerySchema>;

/** One point of an interface's series (RMS inline_response_200_54_hotspot1). */
export const wirelessGraphPointSchema = z.object({
  /** When the reading was taken. */
  created_at: apiDateSchema,
  /** Seconds since the series' previous point, as text; null on the first point. */
  interval: z.string().nullable(),
  /**
   * RMS: bytes received and sent since the series' previous point (the difference of the
   * interface's counters, summed over the readings the thinning left out). Null on the first
   * point, when the device does not report counters, and across a counter that started again.
   */
  received: z.number().int().nullable(),
  sent: z.number().int().nullable(),
  clients_count: z.number().int(),
});
export type WirelessGraphPoint = z.infer<typeof wirelessGraphPointSchema>;

/** One entry per requested interface, in the order asked: `{ "<wlan id>": points oldest first }`. */
export const wirelessGraphEntrySchema = z.record(z.string(), z.array(wirelessGraphPointSchema));
export type WirelessGraphEntry = z.infer<typeof wirelessGraphEntrySchema>;

export const wirelessGraphEnvelope = z.object({
  success: z.literal(true),
  data: z.array(wirelessGraphEntrySchema),
});
export type WirelessGraphResponse = z.infer<typeof wirelessGraphEnvelope>;
