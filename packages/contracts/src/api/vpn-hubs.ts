import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { ID_MAX, idListSchema, idSchema, listQuerySchema } from '../list.ts';
import { ipv4Schema, nameSchema } from '../validation.ts';
import { requiredIdSchema } from './companies.ts';

// VPN hubs (RMS "vpn"): OpenVPN servers netfleet runs on a hub host, each with its own CA, tunnel
// subnet and port. Devices and users join a hub as its clients (vpn-hub-clients.ts); routes and
// DHCP options are in vpn-hub-network.ts, sessions, usage and logs in vpn-hub-logs.ts.

/** RMS `vpn_type`: tun routes IP, tap bridges Ethernet. */
export const VPN_HUB_TYPES = ['tun', 'tap'] as const;
export const vpnHubTypeSchema = z.enum(VPN_HUB_TYPES);
export type VpnHubType = z.infer<typeof vpnHubTypeSchema>;

/** netfleet: the transport a hub listens on (RMS hubs are UDP). */
export const VPN_HUB_PROTOCOLS = ['udp', 'tcp'] as const;
export const vpnHubProtocolSchema = z.enum(VPN_HUB_PROTOCOLS);
export type VpnHubProtocol = z.infer<typeof vpnHubProtocolSchema>;

/**
 * Where hubs run. `local` is the netfleet server's own host; a super admin adds zones hosted by
 * machines running `netfleet-agent --hub` (kind `agent`, vpn-hub-zones.ts).
 */
export const VPN_HUB_ZONE_LOCAL = 'local';
export const VPN_HUB_ZONES = [
  {
    id: 1,
    name: VPN_HUB_ZONE_LOCAL,
    visual_name: 'This server',
    kind: 'local',
    latitude: null,
    longitude: null,
  },
] as const;

/**
 * What a hub is doing: the runtime's process states, `disabled` when it is switched off, and
 * `unavailable` when its host cannot run OpenVPN (the error says why and what fixes it).
 */
export const VPN_HUB_STATES = [
  'running',
  'starting',
  'stopped',
  'failed',
  'disabled',
  'unavailable',
] as const;
export const vpnHubStateSchema = z.enum(VPN_HUB_STATES);
export type VpnHubState = z.infer<typeof vpnHubStateSchema>;

/** A new hub's tunnel subnet is the first free /24 of this range on its zone. */
export const VPN_HUB_DEFAULT_POOL = { network: '10.8.0.0', netmask: '255.255.0.0' } as const;
export const VPN_HUB_DEFAULT_NETMASK = '255.255.255.0';
export const VPN_HUB_NAME_MAX_LENGTH = 64;
export const VPN_HUB_DESCRIPTION_MAX_LENGTH = 255;
/** Toggle durations: a minute to a year, in seconds. */
export const VPN_HUB_DURATION_MIN = 60;
export const VPN_HUB_DURATION_MAX = 31_536_000;

export const VPN_HUB_MESSAGES = {
  notFound: 'VPN hub not found',
  companyNotFound: 'Company not found',
  tagNotFound: 'Tag not found',
  tagOutsideHubCompany: "This tag belongs to a company outside the hub's company",
  duplicateName: 'A VPN hub with this name already exists in the company',
  nameControl: 'The name may not contain line breaks or other control characters',
  unknownZone: 'Unknown hub zone; GET /vpn/hubs/zones lists them',
  unknownZoneFix: 'Add the zone again (POST /vpn/hubs/zones) or delete the hub',
  invalidNetwork: 'The subnet address is not the network address of its mask',
  invalidNetmask: 'Invalid netmask: use a contiguous mask such as 255.255.255.0',
  netmaskTooWide: 'The subnet may be at most /8 (255.0.0.0)',
  netmaskTooNarrow: 'The subnet must hold the hub and a client: /30 (255.255.255.252) or wider',
  netmaskTooSmall: (clients: number) =>
    `The subnet has too few addresses for the hub and its ${clients} clients`,
  subnetOverlapsHub: 'The subnet overlaps the subnet of another hub on this zone',
  subnetOverlapsRoute: 'The subnet overlaps a route of this hub',
  clientOutsideSubnet: (name: string) => `Client ${name}'s fixed address is outside the subnet`,
  portInUse: 'Another hub on this zone uses this port',
  portRange: (min: number, max: number) => `Port must be between ${min} and ${max}`,
  noFreePort: 'Every hub port of this zone is in use',
  noFreeSubnet: 'No free subnet is left on this zone: give one',
  created: 'VPN hub created',
  updated: 'VPN hub updated',
  deleted: 'VPN hub deleted successfully.',
  enabled: 'VPN hub enabled',
  disabled: 'VPN hub disabled',
  settingsChanged: 'VPN hub settings changed',
  noRuntime: 'This netfleet server runs no VPN hub runtime',
  noRuntimeFix: 'Start netfleet with VPN hubs enabled on a host with OpenVPN installed',
} as const;

/** RMS flags are integers: 1 on, 0 off (zod writes number literals as `number`). */
export const vpnFlagSchema = z.literal([0, 1]).meta({ type: 'integer' });
export type VpnFlag = z.infer<typeof vpnFlagSchema>;

/** RMS sends booleans; its answers carry 0 or 1, taken back as well. */
export const vpnBooleanSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((value) => value === true || value === 1);

/** `?enabled=1`, `?quick_hub=0` (RMS filters). */
const flagQuerySchema = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true');

// The name goes into comment lines of the hub's OpenVPN files: one line, no control characters.
export const vpnHubNameSchema = nameSchema({ max: VPN_HUB_NAME_MAX_LENGTH }).refine(
  (value) => ![...value].some((char) => char < ' ' || char === '\u007f'),
  VPN_HUB_MESSAGES.nameControl,
);
const descriptionSchema = z.string().trim().max(VPN_HUB_DESCRIPTION_MAX_LENGTH);
const tagIdsSchema = z.array(z.number().int().min(1).max(ID_MAX)).max(100);
export const vpnHubPortSchema = z.number().int().min(1).max(65_535);

/** The settings a hub's tunnel has; each may be given when it is created or changed later. */
const tunnelSettings = {
  /** The subnet's network address (RMS `ip`). */
  ip: ipv4Schema.optional(),
  netmask: ipv4Schema.optional(),
  /** netfleet: within the hub port range; the first free one when absent. */
  port: vpnHubPortSchema.optional(),
  protocol: vpnHubProtocolSchema.optional(),
};

/** POST /vpn/hubs (RMS createVPNhubs) and netfleet's tunnel settings. */
export const createVpnHubBodySchema = z.object({
  name: vpnHubNameSchema,
  /** The caller's own company when absent. */
  company_id: requiredIdSchema('Company').optional(),
  description: descriptionSchema.default(''),
  /** A zone's `name` (GET /vpn/hubs/zones); this server's when absent. */
  hub_zone: z.string().trim().max(64).default(VPN_HUB_ZONE_LOCAL),
  vpn_type: vpnHubTypeSchema.default('tun'),
  tag_id: tagIdsSchema.default([]),
  ...tunnelSettings,
});
export type CreateVpnHubBody = z.infer<typeof createVpnHubBodySchema>;

/** A LAN behind the quick hub's device (RMS sends one object; netfleet takes a list as well). */
export const quickHubRouteSchema = z.object({
  ip: ipv4Schema,
  name: z.string().trim().max(64),
  netmask: ipv4Schema,
});
export type QuickHubRoute = z.infer<typeof quickHubRouteSchema>;

/**
 * POST /vpn/hubs/connect (RMS createQuickVPNHubs): a quick hub (`quick_hub` 1) with one device as
 * its endpoint, the device's LANs routed through it.
 */
export const createQuickHubBodySchema = z.object({
  company_id: requiredIdSchema('Company'),
  hub_name: vpnHubNameSchema,
  description: descriptionSchema.default(''),
  hub_zone: z.string().trim().max(64).default(VPN_HUB_ZONE_LOCAL),
  endpoint: z.object({
    device_id: requiredIdSchema('Device'),
    routes: z
      .union([quickHubRouteSchema, z.array(quickHubRouteSchema).max(32)])
      .optional()
      .transform((routes) =>
        routes === undefined ? [] : Array.isArray(routes) ? routes : [routes],
      ),
  }),
  tag_id: tagIdsSchema.default([]),
  vpn_type: vpnHubTypeSchema.default('tun'),
});
export type CreateQuickHubBody = z.infer<typeof createQuickHubBodySchema>;

/** PUT /vpn/hubs/{id} (RMS updateVPNhubs); netfleet also renames. */
export const updateVpnHubBodySchema = z.object({
  tag_id: tagIdsSchema.optional(),
  description: descriptionSchema.optional(),
  name: vpnHubNameSchema.optional(),
});
export type UpdateVpnHubBody = z.infer<typeof updateVpnHubBodySchema>;

/**
 * PUT /vpn/hubs/{id}/toggle (RMS toggleVPNhubs). `duration` (seconds) makes the change last that
 * long: a hub disabled for an hour starts again after it, one enabled for an hour stops after it.
 */
export const toggleVpnHubBodySchema = z.object({
  enabled: vpnBooleanSchema,
  duration: z.number().int().min(VPN_HUB_DURATION_MIN).max(VPN_HUB_DURATION_MAX).optional(),
});
export type ToggleVpnHubBody = z.infer<typeof toggleVpnHubBodySchema>;

/** PUT /vpn/hubs/{id}/settings (RMS settingVPNhubs: netmask, ip) and netfleet's port, protocol, type. */
export const vpnHubSettingsBodySchema = z.object({
  ...tunnelSettings,
  vpn_type: vpnHubTypeSchema.optional(),
});
export type VpnHubSettingsBody = z.infer<typeof vpnHubSettingsBodySchema>;

/** DELETE /vpn/hubs (RMS deleteVPNhubs). */
export const deleteVpnHubsBodySchema = z.object({
  id: z.array(z.number().int().min(1).max(ID_MAX)).min(1).max(100),
});

/** GET /vpn/hubs: RMS's list parameters and filters; `q` searches name and description. */
export const vpnHubListQuerySchema = listQuerySchema.extend({
  company_id: idSchema.optional(),
  tag_id: idListSchema.optional(),
  enabled: flagQuerySchema.optional(),
  quick_hub: flagQuerySchema.optional(),
  hub_zone: z.string().max(64).optional(),
});
export type VpnHubListQuery = z.infer<typeof vpnHubListQuerySchema>;
export const VPN_HUB_SEARCH_FIELDS = ['name', 'description'] as const;
export const VPN_HUB_SORT_FIELDS = [
  'id',
  'name',
  'company_name',
  'port',
  'bytes_used',
  'enabled',
  'created_at',
] as const;

/** A tag on a hub as RMS answers it (`user_id`: netfleet does not keep who made a tag). */
export const vpnHubTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  user_id: z.number().int().nullable(),
  company_id: z.number().int(),
  created_at: apiDateSchema,
  updated_at: apiDateSchema,
});

/** Whether the hub serves clients now, and why not. */
export const vpnHubStatusSchema = z.object({
  state: vpnHubStateSchema,
  error: z.string().nullable(),
});
export type VpnHubStatus = z.infer<typeof vpnHubStatusSchema>;

/**
 * A hub as RMS lists it (GET /vpn/hubs) and as GET /vpn/hubs/{id} answers it, with netfleet's
 * tunnel settings, status and counts beside RMS's fields.
 */
export const vpnHubSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  quick_hub: vpnFlagSchema,
  description: z.string(),
  /** Bytes through the hub, both ways, since it was made. */
  bytes_used: z.number().int(),
  enabled: vpnFlagSchema,
  company_id: z.number().int(),
  company_name: z.string(),
  port: z.number().int(),
  disabled_on_company_data_used: vpnFlagSchema,
  disabled_for_inactive: vpnFlagSchema,
  disabled_for_inactive_without_users: vpnFlagSchema,
  /** 1 when an enable with a duration ran out. */
  disabled_because_expired: vpnFlagSchema,
  /** Epoch seconds: when the hub was made (quick hubs) and when an enable with a duration ends. */
  start_time: z.number().int().nullable(),
  end_time: z.number().int().nullable(),
  ca_crt_expire_at: apiDateSchema.nullable(),
  server_crt_expire_at: apiDateSchema.nullable(),
  updated_at: apiDateSchema,
  created_at: apiDateSchema,
  tags: z.array(vpnHubTagSchema),
  hub_zone: z.string(),
  vpn_type: vpnHubTypeSchema,
  protocol: vpnHubProtocolSchema,
  /** The tunnel subnet: its network address and mask; the hub itself takes the first address. */
  ip: z.string(),
  netmask: z.string(),
  /** The hub's own address in the tunnel (the subnet's first). */
  hub_address: z.string(),
  /** When a hub disabled for a while starts again. */
  disabled_until: apiDateSchema.nullable(),
  status: vpnHubStatusSchema,
  /** Clients that hold a valid certificate, by kind, and those connected now. */
  devices_count: z.number().int(),
  users_count: z.number().int(),
  sessions_count: z.number().int(),
  routes_count: z.number().int(),
});
export type VpnHub = z.infer<typeof vpnHubSchema>;

/**
 * GET /vpn/hubs/host (netfleet): whether this server's host can run hubs. When it cannot, hubs
 * are still made and configured; `reason` and `fix` are what the console shows.
 */
export const vpnHubHostSchema = z.object({
  zone: z.string(),
  available: z.boolean(),
  /** OpenVPN's version when available. */
  version: z.string().nullable(),
  reason: z.string().nullable(),
  fix: z.string().nullable(),
  /** The port range hubs take their ports from. */
  port_min: z.number().int(),
  port_max: z.number().int(),
  /** Where clients connect to (the `remote` of their profiles). */
  public_host: z.string(),
});
export type VpnHubHost = z.infer<typeof vpnHubHostSchema>;

/** GET /vpn/hubs/{id}/info (RMS getVPNHubsInfo): answered at once in `data` beside the channel. */
export const vpnHubInfoSchema = z.object({
  id: z.number().int(),
  visual_name: z.string(),
  description: z.string(),
  company_id: z.number().int(),
  enabled: z.boolean(),
  running: z.boolean(),
  state: vpnHubStateSchema,
  server_ip: z.string(),
  server_netmask: z.string(),
  number_of_sessions: z.number().int(),
  bytes_received: z.number().int(),
  bytes_sent: z.number().int(),
  total_bytes_used: z.number().int(),
});
export type VpnHubInfo = z.infer<typeof vpnHubInfoSchema>;
