import { z } from 'zod';
import { ID_MAX, idSchema, listQuerySchema } from '../list.ts';

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

/** `status=0,1`: device statuses (0 offline, 1 online, 2 pending, 3 not activated). */
const statusList = values.pipe(z.array(z.coerce.number<string>().int().min(0).max(3)).max(4));

/** A row names its device and the interface: `{device_id}:{index}` (RMS `wireless_id`). */
export const WIRELESS_ID_PATTERN = /^[1-9]\d{0,9}:\d{1,2}$/;
export const wirelessIdOf = (deviceId: number, index: number): string => `${deviceId}:${index}`;

/** The device fields every row carries, named as the device list's filters name them. */
const deviceFields = {
  device_id: z.number().int(),
  device_name: z.string(),
  serial: z.string(),
  model: z.string().nullable(),
  firmware: z.string().nullable(),
  /** Device status: 0 offline, 1 online, 2 pending, 3 not activated. */
  status: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
};

export const hotspotSchema = z.object({
  /** `{device_id}:{index}`. */
  id: z.string(),
  ...deviceFields,
  /** The hotspot's own index on the device (RMS /devices/{id}/hotspots/{index}). */
  index: z.number().int(),
  ssid: z.string(),
  users_active: z.number().int(),
  /** Bytes of the reading's period. */
  rx: z.number().int().nullable(),
  tx: z.number().int().nullable(),
  /** When the reading arrived. */
  updated_at: z.string(),
});
export type Hotspot = z.infer<typeof hotspotSchema>;

export const wirelessInterfaceSchema = z.object({
  /** `{device_id}:{index}`, the `wireless_id` filter's value. */
  id: z.string(),
  ...deviceFields,
  /** The interface's position in the device's reading. */
  index: z.number().int(),
  ssid: z.string(),
  band: z.string().nullable(),
  channel: z.number().int().nullable(),
  enabled: z.boolean().nullable(),
  clients: z.number().int(),
  updated_at: z.string(),
});
export type WirelessInterface = z.infer<typeof wirelessInterfaceSchema>;

const DEVICE_SORT = ['device_name', 'serial', 'model', 'firmware', 'status', 'company_name'];
export const HOTSPOT_SORT_FIELDS = [...DEVICE_SORT, 'ssid', 'users_active', 'updated_at'] as const;
export const WIRELESS_SORT_FIELDS = [
  ...DEVICE_SORT,
  'ssid',
  'band',
  'channel',
  'clients',
  'updated_at',
] as const;
/** What `q` searches (and `search-fields` may name). */
export const WIRELESS_SEARCH_FIELDS = ['device_name', 'serial', 'ssid'] as const;
export const WIRELESS_BANDS = ['2.4GHz', '5GHz'] as const;

/** `fields_only=true` answers the row's field names (RMS). */
export const HOTSPOT_FIELDS = Object.keys(hotspotSchema.shape);
export const WIRELESS_FIELDS = Object.keys(wirelessInterfaceSchema.shape);

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
  wireless_id: commaList
    .pipe(
      z.array(
        z
          .string()
          .regex(WIRELESS_ID_PATTERN, 'Wireless ids are device_id:index')
          // A device id past the integer column would fail the query instead of matching nothing.
          .refine((id) => Number(id.split(':')[0]) <= ID_MAX, 'Wireless ids are device_id:index'),
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
