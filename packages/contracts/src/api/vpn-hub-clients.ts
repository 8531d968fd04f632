import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { ID_MAX, idListSchema, idSchema, listQuerySchema } from '../list.ts';
import { ipv4Schema } from '../validation.ts';
import { requiredIdSchema } from './companies.ts';
import { vpnBooleanSchema, vpnFlagSchema } from './vpn-hubs.ts';

// A hub's clients (RMS "hub users"): devices, console users and custom users, each with its own
// certificate from the hub's CA. Removing one revokes its certificate (the hub's CRL lists it).
// Quick connect hands a user a ready OpenVPN profile, limited in time, each download recorded.

/** RMS's client kinds (its session `type`): a device, a console user, a named custom user. */
export const VPN_CLIENT_TYPES = ['device', 'rms_user', 'custom_user'] as const;
export const vpnClientTypeSchema = z.enum(VPN_CLIENT_TYPES);
export type VpnClientType = z.infer<typeof vpnClientTypeSchema>;

/** How a client gets its tunnel address: a fixed one, or any free one of the hub's pool. */
export const VPN_CLIENT_MODES = ['static', 'dhcp'] as const;
export const vpnClientModeSchema = z.enum(VPN_CLIENT_MODES);
export type VpnClientMode = z.infer<typeof vpnClientModeSchema>;

/** Quick connect profiles last a day unless asked otherwise; at most a year. */
export const VPN_PROFILE_DEFAULT_SECONDS = 86_400;
export const VPN_PROFILE_MIN_SECONDS = 300;
export const VPN_PROFILE_MAX_SECONDS = 31_536_000;
/** `custom-<name>` is the certificate's common name, at most 64 characters. */
export const VPN_CUSTOM_USERNAME_MAX_LENGTH = 56;

export const VPN_CLIENT_MESSAGES = {
  notFound: 'VPN hub user not found',
  deviceNotFound: 'Device not found',
  userNotFound: 'User not found',
  deviceOutsideHubCompany: "This device belongs to a company outside the hub's company",
  userOutsideHubCompany: "This user belongs to a company outside the hub's company",
  alreadyClient: 'Already a client of this hub',
  notClient: 'Not a client of this hub',
  deviceNotReady: 'The device has not reported its model and firmware yet',
  noOpenVpn: 'This device does not support OpenVPN',
  legacyFirmware: 'This device runs firmware older than RutOS 07.06: update it to join VPN hubs',
  usernameFormat: `Use 1 to ${VPN_CUSTOM_USERNAME_MAX_LENGTH} letters, digits, dots, dashes or underscores`,
  ipOutsideSubnet: 'The address is outside the hub subnet',
  ipReserved: "The address is the subnet's network, broadcast or hub address",
  ipTaken: 'Another client of this hub has this address',
  ipRequired: 'Give the address, or choose automatic addressing',
  noFreeAddress: 'No free address is left in the hub subnet',
  expired: 'This profile has expired',
  revoked: 'This profile was revoked',
  deviceProfile: "A device's profile is sent to the device, not downloaded",
  joinQueued: 'Joining the VPN hub',
  leaveQueued: 'Leaving the VPN hub',
  added: 'VPN hub user added',
  removed: 'VPN hub user removed',
  updated: 'VPN hub user updated',
  rulesChanged: 'Forwarding rules changed',
  synced: 'VPN configuration sent to the device',
  joinHubGone: 'The VPN hub was deleted before the device received its profile',
  joinClientGone: 'The device left the VPN hub before it received its profile',
} as const;

const hubIdSchema = requiredIdSchema('VPN hub');
const expiresInSchema = z.number().int().min(VPN_PROFILE_MIN_SECONDS).max(VPN_PROFILE_MAX_SECONDS);

/** A custom user's name: it becomes the certificate's common name. */
export const vpnUsernameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,56}$/, VPN_CLIENT_MESSAGES.usernameFormat);

/** POST /vpn/hubs/users (RMS createVPNhubsUsers): a console user joins; `expires_in` (s) limits it. */
export const createVpnUserClientBodySchema = z.object({
  vpn_hub_id: hubIdSchema,
  user_id: requiredIdSchema('User'),
  expires_in: expiresInSchema.optional(),
});
export type CreateVpnUserClientBody = z.infer<typeof createVpnUserClientBodySchema>;

/** POST /vpn/hubs/users/custom (RMS createVPNhubsUsersConfig). */
export const createVpnCustomClientBodySchema = z.object({
  vpn_hub_id: hubIdSchema,
  username: vpnUsernameSchema,
  expires_in: expiresInSchema.optional(),
});
export type CreateVpnCustomClientBody = z.infer<typeof createVpnCustomClientBodySchema>;

/** POST /vpn/hubs/users/{id} (RMS setVPNhubsUsersConfig); static without an address takes a free one. */
export const setVpnClientAddressBodySchema = z.object({
  mode: vpnClientModeSchema,
  ip_address: ipv4Schema.optional(),
});
export type SetVpnClientAddressBody = z.infer<typeof setVpnClientAddressBodySchema>;

/** POST /vpn/hubs/users/{id}/toggle (RMS toggleVPNUsers). */
export const toggleVpnClientBodySchema = z.object({ enabled: vpnBooleanSchema });

const deviceIdsSchema = z
  .union([
    z.number().int().min(1).max(ID_MAX),
    z.array(z.number().int().min(1).max(ID_MAX)).min(1).max(100),
  ])
  .transform((ids) => (Array.isArray(ids) ? ids : [ids]));

/** POST and DELETE /vpn/hubs/{id}/devices (RMS): devices join or leave the hub. */
export const vpnHubDevicesBodySchema = z.object({ device_id: deviceIdsSchema });
export type VpnHubDevicesBody = z.infer<typeof vpnHubDevicesBodySchema>;

/** POST /vpn/hubs/{id}/devices/{device_id}/rules (RMS): forwarding from the tunnel to a zone. */
export const vpnDeviceRuleBodySchema = z.object({
  network: z.enum(['wan', 'lan']),
  status: vpnBooleanSchema,
});
export type VpnDeviceRuleBody = z.infer<typeof vpnDeviceRuleBodySchema>;

/** GET /vpn/hubs/{id}/devices/rules: the devices asked about (all of the hub's when absent). */
export const vpnDeviceRulesQuerySchema = z.object({ device_id: idListSchema.optional() });
export const vpnDeviceRulesSchema = z.object({
  device_id: z.number().int(),
  vpn_hub_user_id: z.number().int(),
  lan: z.boolean(),
  wan: z.boolean(),
});
export type VpnDeviceRules = z.infer<typeof vpnDeviceRulesSchema>;

/** GET /vpn/hubs/users (RMS) and GET /vpn/hubs/{id}/clients: `q` searches the client's name. */
export const vpnClientListQuerySchema = listQuerySchema.extend({
  vpn_hub_id: idListSchema.optional(),
  company_id: idSchema.optional(),
  type: vpnClientTypeSchema.optional(),
});
export type VpnClientListQuery = z.infer<typeof vpnClientListQuerySchema>;
export const VPN_CLIENT_SORT_FIELDS = ['id', 'name', 'type', 'ip', 'created_at'] as const;

/** A client's session now, from the hub's management interface. */
export const vpnClientSessionSchema = z.object({
  real_address: z.string(),
  virtual_address: z.string().nullable(),
  connected_since: apiDateSchema,
  bytes_received: z.number().int(),
  bytes_sent: z.number().int(),
});

/**
 * A client as RMS lists hub users, with netfleet's fields: its certificate's name, addressing,
 * expiry, forwarding rules (devices) and its session now (null when not connected).
 */
export const vpnClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: vpnClientTypeSchema,
  /** The device's or user's id; null for a custom user. */
  object_id: z.number().int().nullable(),
  /** The fixed address, or the session's while connected, else null. */
  ip: z.string().nullable(),
  enabled: vpnFlagSchema,
  company_id: z.number().int(),
  company_name: z.string(),
  vpn_hub_id: z.number().int(),
  vpn_hub_name: z.string(),
  /** Devices: model and status (0 offline, 1 online, 2 pending); null for users. */
  model: z.string().nullable(),
  is_facelift: vpnFlagSchema.nullable(),
  status: z.number().int().nullable(),
  is_esim_bootstrap: z.boolean().nullable(),
  common_name: z.string(),
  mode: vpnClientModeSchema,
  /** The fixed address (mode static). */
  static_ip: z.string().nullable(),
  expires_at: apiDateSchema.nullable(),
  cert_expire_at: apiDateSchema.nullable(),
  forward_lan: z.boolean(),
  forward_wan: z.boolean(),
  routes_count: z.number().int(),
  connected: z.boolean(),
  session: vpnClientSessionSchema.nullable(),
  created_at: apiDateSchema,
});
export type VpnClient = z.infer<typeof vpnClientSchema>;

/** GET /vpn/hubs/users/config (RMS): profiles of these clients (`vpn_hub_users=1,2`; none: `[]`). */
export const vpnClientConfigQuerySchema = z.object({ vpn_hub_users: idListSchema.default([]) });

/** POST /vpn/hubs/{id}/quick-connect (netfleet): a profile for a user (the caller by default). */
export const quickConnectBodySchema = z
  .object({
    user_id: requiredIdSchema('User').optional(),
    username: vpnUsernameSchema.optional(),
    expires_in: expiresInSchema.default(VPN_PROFILE_DEFAULT_SECONDS),
  })
  .refine((body) => body.user_id === undefined || body.username === undefined, {
    path: ['username'],
    message: 'Give a user or a custom user name, not both',
  });
export type QuickConnectBody = z.infer<typeof quickConnectBodySchema>;

/**
 * A ready OpenVPN profile: its text (`content`, inline keys; the console renders it as a QR code
 * as well) and a link that downloads it without signing in until it expires or is revoked.
 */
export const vpnProfileSchema = z.object({
  vpn_hub_user_id: z.number().int(),
  vpn_hub_id: z.number().int(),
  name: z.string(),
  file_name: z.string(),
  content: z.string(),
  download_url: z.string(),
  expires_at: apiDateSchema.nullable(),
});
export type VpnProfile = z.infer<typeof vpnProfileSchema>;

/**
 * The file a profile is saved as, made of [a-z0-9-] (nothing to escape in a header):
 * `Office hub` + `RUT955 lab` → `office-hub-rut955-lab.ovpn`. A name that is one already is kept,
 * so the console saves a profile under the name the server gave it.
 */
export function profileFileName(...names: readonly string[]): string {
  const slug = names
    .join('-')
    .replace(/\.ovpn$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 80)
    .replace(/^-+|-+$/g, '');
  return `${slug || 'netfleet-vpn'}.ovpn`;
}

/** RMS's answer item of GET /vpn/hubs/users/config. */
export const vpnClientConfigSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
});

/** One download of a profile: by a signed-in user, or through its link (`user_id` null). */
export const vpnProfileDownloadSchema = z.object({
  id: z.number().int(),
  vpn_hub_id: z.number().int(),
  vpn_hub_user_id: z.number().int(),
  client_name: z.string(),
  user_id: z.number().int().nullable(),
  user_email: z.string().nullable(),
  ip: z.string(),
  via: z.enum(['console', 'link']),
  downloaded_at: apiDateSchema,
});
export type VpnProfileDownload = z.infer<typeof vpnProfileDownloadSchema>;
export const vpnProfileDownloadsQuerySchema = listQuerySchema
  .pick({ limit: true, offset: true })
  .extend({ vpn_hub_user_id: idSchema.optional() });
