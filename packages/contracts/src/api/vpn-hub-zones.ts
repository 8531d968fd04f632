import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { ID_MAX } from '../list.ts';
import { isIPv4 } from '../validation.ts';
import { VPN_HUB_ZONE_LOCAL } from './vpn-hubs.ts';

// Hub zones (RMS getVPNHubsZones): where VPN hubs run. `local` is the netfleet server's own host
// and is no row; every other zone is a machine running `netfleet-agent --hub`, enrolled as a
// device and bound to the zone by a super admin (zones are shared by every company). The device
// protocol of hub mode is device-vpn-hub.ts.

export const VPN_HUB_ZONE_NAME_MAX_LENGTH = 32;
export const VPN_HUB_ZONE_VISUAL_NAME_MAX_LENGTH = 64;
export const VPN_HUB_ZONE_HOST_MAX_LENGTH = 253;

export const VPN_HUB_ZONE_MESSAGES = {
  notFound: 'VPN hub zone not found',
  nameFormat: 'Use 1 to 32 lowercase letters, digits and hyphens',
  nameLocal: '`local` is this server’s own zone; choose another name',
  duplicateName: 'A hub zone with this name already exists',
  deviceNotFound: 'Device not found',
  deviceTaken: 'This device already hosts another hub zone',
  hostFormat: 'Give the host name or IP address clients connect to',
  localReadOnly: 'The local zone is this server’s own host and cannot be changed',
  inUse: (hubs: number) =>
    `${hubs} VPN hub${hubs === 1 ? '' : 's'} run${hubs === 1 ? 's' : ''} in this zone: move or delete ${hubs === 1 ? 'it' : 'them'} first`,
  renameInUse: 'VPN hubs run in this zone under its name: it cannot be renamed while they exist',
  noDevice: (zone: string) => `Zone ${zone} has no hub agent`,
  noDeviceFix: 'Bind the zone to a device running netfleet-agent --hub (PUT /vpn/hubs/zones/{id})',
  offline: (zone: string) => `The hub agent of zone ${zone} is offline`,
  offlineFix: 'Start netfleet-agent --hub on it and check that it reaches the server',
  notHubMode: (zone: string) => `The agent of zone ${zone} does not run in hub mode`,
  notHubModeFix: 'Start the agent as netfleet-agent --hub',
  applyVoid: 'The hub was deleted or its zone moved to another device',
  badSpecLink: 'This hub spec link is not valid or has expired',
  specNotHere: 'This device does not host the hub’s zone',
  hubDisabled: 'The hub is disabled',
  created: 'VPN hub zone created',
  updated: 'VPN hub zone updated',
  deleted: 'VPN hub zone deleted',
} as const;

const HOST_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const HOSTNAME_PATTERN = new RegExp(`^${HOST_LABEL}(?:\\.${HOST_LABEL})*\\.?$`);
const isIPv6 = (value: string) => z.ipv6().safeParse(value).success;

/**
 * What clients dial (the `remote` of their profiles): an IPv4 or IPv6 address, or a host name.
 * A dotted-quad-looking name that is no IPv4 address (999.1.1.1) is refused.
 */
export const isHubHost = (value: string): boolean =>
  value.length <= VPN_HUB_ZONE_HOST_MAX_LENGTH &&
  (isIPv4(value) || isIPv6(value) || (HOSTNAME_PATTERN.test(value) && !/^[\d.]+$/.test(value)));

export const vpnHubZoneNameSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,32}$/, VPN_HUB_ZONE_MESSAGES.nameFormat)
  .refine((name) => name !== VPN_HUB_ZONE_LOCAL, VPN_HUB_ZONE_MESSAGES.nameLocal);

const visualNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(VPN_HUB_ZONE_VISUAL_NAME_MAX_LENGTH)
  .refine(
    (value) => ![...value].some((char) => char < ' ' || char === '\u007f'),
    'The name may not contain line breaks or other control characters',
  );
const hostSchema = z.string().trim().refine(isHubHost, VPN_HUB_ZONE_MESSAGES.hostFormat);
const deviceIdSchema = z.number().int().min(1).max(ID_MAX);
const latitudeSchema = z.number().min(-90).max(90).nullable();
const longitudeSchema = z.number().min(-180).max(180).nullable();

/** POST /vpn/hubs/zones (netfleet, super admin). */
export const createVpnHubZoneBodySchema = z.object({
  name: vpnHubZoneNameSchema,
  /** What the console shows; the name when absent. */
  visual_name: visualNameSchema.optional(),
  /** The device (an agent in hub mode) that runs the zone's hubs. */
  device_id: deviceIdSchema,
  host: hostSchema,
  latitude: latitudeSchema.default(null),
  longitude: longitudeSchema.default(null),
});
export type CreateVpnHubZoneBody = z.infer<typeof createVpnHubZoneBodySchema>;

/**
 * PUT /vpn/hubs/zones/{id}: any of the fields. A zone in use keeps its name (hubs name their
 * zone); moving it to another device moves its hubs there.
 */
export const updateVpnHubZoneBodySchema = z.object({
  name: vpnHubZoneNameSchema.optional(),
  visual_name: visualNameSchema.optional(),
  device_id: deviceIdSchema.optional(),
  host: hostSchema.optional(),
  latitude: latitudeSchema.optional(),
  longitude: longitudeSchema.optional(),
});
export type UpdateVpnHubZoneBody = z.infer<typeof updateVpnHubZoneBodySchema>;

/**
 * A zone as GET /vpn/hubs/zones (RMS getVPNHubsZones) lists it, with netfleet's kind, host and
 * whether it can run hubs now (and why not: `reason`, `fix`).
 */
export const vpnHubZoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  visual_name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  kind: z.enum(['local', 'agent']),
  available: z.boolean(),
  /** The agent's device (agent zones; null when its device was deleted). */
  device_id: z.number().int().nullable(),
  /** What clients dial. */
  host: z.string(),
  /** Whether the zone's host is connected (the local zone always is). */
  online: z.boolean(),
  /** OpenVPN's version on the host, when available. */
  version: z.string().nullable(),
  reason: z.string().nullable(),
  fix: z.string().nullable(),
  created_at: apiDateSchema.nullable(),
  updated_at: apiDateSchema.nullable(),
});
export type VpnHubZone = z.infer<typeof vpnHubZoneSchema>;
