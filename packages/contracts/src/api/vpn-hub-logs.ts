import { z } from 'zod';
import { apiDateQuerySchema, apiDateSchema } from '../api-dates.ts';
import { idSchema, listQuerySchema } from '../list.ts';
import { vpnClientTypeSchema } from './vpn-hub-clients.ts';

// What hubs report: sessions now, the connection log, and data usage per day. Bytes are counted
// from the hub's side: received from its clients, sent to them.

/** Usage ranges of more than this many days are refused (a daily row per client). */
export const VPN_USAGE_MAX_DAYS = 366;

export const VPN_LOG_MESSAGES = {
  rangeOrder: 'The end date must not be before the start date',
  rangeTooLong: `Ask for at most ${VPN_USAGE_MAX_DAYS} days`,
  sessions: (count: number) => `${count} sessions`,
} as const;

/** GET /vpn/hubs/{id}/sessions (RMS `vpn_sessions`): clients connected now. */
export const vpnSessionSchema = z.object({
  name: z.string(),
  /** Where the client connects from. */
  ip: z.string(),
  object_id: z.number().int().nullable(),
  bytes_used: z.number().int(),
  type: vpnClientTypeSchema,
  /** Epoch seconds. */
  connected_since: z.number().int(),
  vpn_ip: z.string().nullable(),
  vpn_hub_user_id: z.number().int().nullable(),
  bytes_received: z.number().int(),
  bytes_sent: z.number().int(),
});
export type VpnSession = z.infer<typeof vpnSessionSchema>;

/** GET /vpn/hubs/{id}/logs (RMS getVPNhubLogs): `start_date`, `end_date` bound the days. */
export const vpnHubLogsQuerySchema = z.object({
  start_date: apiDateQuerySchema,
  end_date: apiDateQuerySchema,
});

/** One day of a hub's traffic (`created_at` the day's midnight, UTC). */
export const vpnHubUsageLogSchema = z.object({
  hub_id: z.number().int(),
  session_bytes_send: z.number().int(),
  session_bytes_received: z.number().int(),
  total_data_used: z.number().int(),
  created_at: apiDateSchema,
});
export type VpnHubUsageLog = z.infer<typeof vpnHubUsageLogSchema>;

/** GET /vpn/hubs/{id}/users/{hub_user_id}/logs (RMS): one client's days; the last 30 by default. */
export const vpnClientLogsQuerySchema = z.object({
  start_date: apiDateQuerySchema.optional(),
  end_date: apiDateQuerySchema.optional(),
});
export const vpnClientUsageLogSchema = z.object({
  hub_id: z.number().int(),
  vpn_hub_user_id: z.number().int(),
  session_bytes_send: z.number().int(),
  session_bytes_received: z.number().int(),
  created_at: apiDateSchema,
});
export type VpnClientUsageLog = z.infer<typeof vpnClientUsageLogSchema>;

/** GET /vpn/hubs/{id}/logs/user-connections (RMS): newest first. */
export const vpnConnectionLogQuerySchema = listQuerySchema
  .pick({ limit: true, offset: true })
  .extend({ vpn_hub_user_id: idSchema.optional() });

/** One session of one client: RMS's fields, and when it ended, its tunnel address and bytes. */
export const vpnConnectionLogSchema = z.object({
  id: z.number().int(),
  vpn_hub_id: z.number().int(),
  vpn_user_id: z.number().int().nullable(),
  /** The certificate's common name, and the client's name as the console shows it. */
  name: z.string(),
  visual_name: z.string(),
  ip: z.string(),
  type: vpnClientTypeSchema.nullable(),
  connected_at: apiDateSchema,
  disconnected_at: apiDateSchema.nullable(),
  vpn_ip: z.string().nullable(),
  bytes_received: z.number().int(),
  bytes_sent: z.number().int(),
});
export type VpnConnectionLog = z.infer<typeof vpnConnectionLogSchema>;

/** GET /vpn/hubs/{id}/data-usage (netfleet): the last 30 days unless a range is given. */
export const vpnDataUsageQuerySchema = z.object({
  start_date: apiDateQuerySchema.optional(),
  end_date: apiDateQuerySchema.optional(),
  vpn_hub_user_id: idSchema.optional(),
});
export type VpnDataUsageQuery = z.infer<typeof vpnDataUsageQuerySchema>;

/** Per day (`YYYY-MM-DD`, UTC) and per client over the range. */
export const vpnDataUsageSchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      bytes_received: z.number().int(),
      bytes_sent: z.number().int(),
    }),
  ),
  clients: z.array(
    z.object({
      vpn_hub_user_id: z.number().int(),
      name: z.string(),
      type: vpnClientTypeSchema,
      bytes_received: z.number().int(),
      bytes_sent: z.number().int(),
    }),
  ),
  bytes_received: z.number().int(),
  bytes_sent: z.number().int(),
});
export type VpnDataUsage = z.infer<typeof vpnDataUsageSchema>;

/** GET /devices/device-vpn-status (RMS deviceVpnStatus). */
export const deviceVpnStatusQuerySchema = z.object({ device_id: idSchema.optional() });

/**
 * A device's VPNs: the L2TP tunnels it reports (its `vpn` telemetry) and the netfleet hubs it is
 * a client of (`type` openvpn, `ip` its tunnel address while connected).
 */
export const deviceVpnStatusSchema = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  data: z.array(
    z.object({
      ip: z.string().nullable(),
      name: z.string(),
      type: z.enum(['l2tp', 'openvpn']),
      is_enabled: z.boolean(),
      is_running: z.boolean(),
    }),
  ),
  updated_at: apiDateSchema.nullable(),
});
export type DeviceVpnStatus = z.infer<typeof deviceVpnStatusSchema>;
