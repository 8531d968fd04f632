import {
  toApiDate,
  toApiDateOrNull,
  type VpnClient,
  type VpnHub,
  type VpnHubStatus,
  type VpnRoute,
} from '@netfleet/contracts';
import type { tags } from '@/db/schema';
import type { ClientRow } from './hub-clients.repository';
import type { RouteRow } from './hub-network.repository';
import type { HubRow } from './hubs.repository';
import type { SessionRow } from './hub-logs.repository';
import { hubAddressOf, intToIp, parseSubnet } from './subnets';

const flag = (value: boolean) => (value ? 1 : 0);
export const epochSeconds = (date: Date | null) =>
  date === null ? null : Math.floor(date.getTime() / 1000);

const hubAddress = (row: { network: string; netmask: string }) => {
  const parsed = parseSubnet(row.network, row.netmask);
  return parsed.ok ? intToIp(hubAddressOf(parsed.cidr)) : row.network;
};

export const toVpnHub = (
  row: HubRow,
  hubTags: readonly (typeof tags.$inferSelect)[],
  status: VpnHubStatus,
): VpnHub => ({
  id: row.id,
  name: row.name,
  quick_hub: flag(row.quickHub),
  description: row.description,
  bytes_used: row.bytesUsed,
  enabled: flag(row.enabled),
  company_id: row.companyId,
  company_name: row.companyName,
  port: row.port,
  // netfleet disables no hub for data, inactivity or missing users.
  disabled_on_company_data_used: 0,
  disabled_for_inactive: 0,
  disabled_for_inactive_without_users: 0,
  disabled_because_expired: flag(row.disabledBecauseExpired),
  start_time: epochSeconds(row.startTime),
  end_time: epochSeconds(row.endTime),
  ca_crt_expire_at: toApiDate(row.caExpiresAt),
  server_crt_expire_at: toApiDate(row.serverCertExpiresAt),
  updated_at: toApiDate(row.updatedAt),
  created_at: toApiDate(row.createdAt),
  tags: hubTags.map((tag) => ({
    id: tag.id,
    name: tag.name,
    description: tag.description,
    user_id: null,
    company_id: tag.companyId,
    created_at: toApiDate(tag.createdAt),
    updated_at: toApiDate(tag.updatedAt),
  })),
  hub_zone: row.hubZone,
  vpn_type: row.vpnType,
  protocol: row.protocol,
  ip: row.network,
  netmask: row.netmask,
  hub_address: hubAddress(row),
  disabled_until: toApiDateOrNull(row.disabledUntil),
  status,
  devices_count: row.devicesCount,
  users_count: row.usersCount,
  sessions_count: row.sessionsCount,
  routes_count: row.routesCount,
});

export const toVpnClient = (row: ClientRow, session: SessionRow | undefined): VpnClient => {
  const isDevice = row.type === 'device';
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    object_id: row.deviceId ?? row.userId,
    ip: row.ip ?? session?.virtualAddress ?? null,
    enabled: flag(row.enabled),
    company_id: row.companyId,
    company_name: row.companyName,
    vpn_hub_id: row.hubId,
    vpn_hub_name: row.hubName,
    model: isDevice ? row.model : null,
    is_facelift: isDevice ? 0 : null,
    status: isDevice ? row.deviceStatus : null,
    is_esim_bootstrap: isDevice ? false : null,
    common_name: row.commonName,
    mode: row.ipMode,
    static_ip: row.ipMode === 'static' ? row.ip : null,
    expires_at: toApiDateOrNull(row.expiresAt),
    cert_expire_at: toApiDateOrNull(row.certExpiresAt),
    forward_lan: row.forwardLan,
    forward_wan: row.forwardWan,
    routes_count: row.routesCount,
    connected: session !== undefined,
    session: session
      ? {
          real_address: session.realAddress,
          virtual_address: session.virtualAddress,
          connected_since: toApiDate(session.connectedAt),
          bytes_received: session.bytesReceived,
          bytes_sent: session.bytesSent,
        }
      : null,
    created_at: toApiDate(row.createdAt),
  };
};

export const toVpnRoute = (row: RouteRow, active: boolean): VpnRoute => ({
  id: row.id,
  name: row.name,
  hub_id: row.hubId,
  ip: row.network,
  netmask: row.netmask,
  via: row.hubUserId,
  via_name: row.viaName,
  state: active ? 'active' : 'inactive',
  created_at: toApiDate(row.createdAt),
});
