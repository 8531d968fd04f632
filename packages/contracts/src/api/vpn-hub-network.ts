import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { idSchema, listQuerySchema } from '../list.ts';
import { ipv4Schema } from '../validation.ts';
import { requiredIdSchema } from './companies.ts';

// What a hub routes and pushes: routes to LANs behind its device clients (RMS "vpn hub routes")
// and the DHCP options its clients receive (RMS "vpn hub dhcp").

export const VPN_ROUTE_NAME_MAX_LENGTH = 64;
/** Routes per hub; each is a LAN behind one device client. */
export const VPN_ROUTES_MAX = 256;
/** OpenVPN clients take a few name servers; more only slow their resolvers down. */
export const VPN_DHCP_MAX_PER_TYPE = 4;

export const VPN_NETWORK_MESSAGES = {
  routeNotFound: 'Route not found',
  notDeviceClient: 'A route must go through a device client of this hub',
  routeOverlapsSubnet: 'The route overlaps the hub subnet',
  routeOverlapsRoute: 'The route overlaps another route of this hub',
  routeOverlapsHub: 'The route overlaps the subnet of another hub on this zone',
  routeNetwork: 'The address is not the network address of its mask',
  tooManyRoutes: `A hub takes at most ${VPN_ROUTES_MAX} routes`,
  routeAdded: 'Route added',
  routeRemoved: 'Route removed',
  dhcpExists: 'This option is set already',
  dhcpNotFound: 'No such option on this hub',
  tooManyDhcp: `At most ${VPN_DHCP_MAX_PER_TYPE} options of a type`,
  dhcpAdded: 'DHCP option added',
  dhcpRemoved: 'DHCP option removed',
} as const;

/** POST /vpn/hubs/routes (RMS createVPNHubsRoutes): a LAN reached through a device client. */
export const createVpnRouteBodySchema = z.object({
  vpn_hub_id: requiredIdSchema('VPN hub'),
  ip_address: ipv4Schema,
  netmask: ipv4Schema,
  vpn_hub_user_id: requiredIdSchema('VPN hub user'),
  /** netfleet: a label for the LAN. */
  name: z.string().trim().max(VPN_ROUTE_NAME_MAX_LENGTH).optional(),
});
export type CreateVpnRouteBody = z.infer<typeof createVpnRouteBodySchema>;

/** DELETE /vpn/hubs/routes/{id} (RMS): the body repeats the route; when given, it must match. */
export const deleteVpnRouteBodySchema = z
  .object({
    ip_address: ipv4Schema.optional(),
    netmask: ipv4Schema.optional(),
    vpn_hub_user_id: z.number().int().min(1).optional(),
  })
  // A DELETE usually has no body at all.
  .nullish();
export type DeleteVpnRouteBody = z.infer<typeof deleteVpnRouteBodySchema>;

/** GET /vpn/hubs/routes (RMS getVPNHubsRoutes): a hub's routes, one client's, or all you see. */
export const vpnRoutesQuerySchema = z.object({
  vpn_hub_id: idSchema.optional(),
  vpn_hub_user_id: idSchema.optional(),
});
export type VpnRoutesQuery = z.infer<typeof vpnRoutesQuerySchema>;

/** GET /vpn/quick-hubs/{id}/routes (RMS getQuickVPNHubsRoutes). */
export const vpnQuickRoutesQuerySchema = listQuerySchema.pick({ limit: true, offset: true });

/** `active` while the client it goes through is connected. */
export const VPN_ROUTE_STATES = ['active', 'inactive'] as const;

/** A route as RMS answers it (quick hub routes; `via` the hub user it goes through). */
export const vpnRouteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  hub_id: z.number().int(),
  ip: z.string(),
  netmask: z.string(),
  via: z.number().int(),
  via_name: z.string(),
  state: z.enum(VPN_ROUTE_STATES),
  created_at: apiDateSchema,
});
export type VpnRoute = z.infer<typeof vpnRouteSchema>;

/** RMS's DHCP option types: name servers and WINS servers pushed to clients. */
export const VPN_DHCP_TYPES = ['DNS', 'WINS'] as const;
export const vpnDhcpTypeSchema = z.enum(VPN_DHCP_TYPES);
export type VpnDhcpType = z.infer<typeof vpnDhcpTypeSchema>;

/** POST and DELETE /vpn/hubs/{id}/dhcp (RMS). */
export const vpnDhcpBodySchema = z.object({ ip_address: ipv4Schema, type: vpnDhcpTypeSchema });
export type VpnDhcpBody = z.infer<typeof vpnDhcpBodySchema>;

/** GET /vpn/hubs/{id}/dhcp (RMS `dhcp_option`); `state` is `active` once the hub pushes it. */
export const vpnDhcpOptionSchema = z.object({
  id: z.number().int(),
  ip: z.string(),
  type: vpnDhcpTypeSchema,
  state: z.enum(['active', 'pending']),
});
export type VpnDhcpOption = z.infer<typeof vpnDhcpOptionSchema>;
