import { type DeviceVpnStatus, toApiDateOrNull, vpnTelemetrySchema } from '@netfleet/contracts';
import type { ClientRow } from './hub-clients.repository';
import type { SessionRow } from './hub-logs.repository';

interface Reading {
  deviceId: number;
  /** The device's last `vpn` telemetry, as stored. */
  vpn: unknown;
  updatedAt: Date | null;
}

/**
 * Each device's VPNs (RMS device VPN status): the L2TP tunnels it reports, and the hubs it is a
 * client of. A hub client runs when the hub sees its session or the device reports it connected
 * (either side may be the first to know).
 */
export const toDeviceVpnStatus = (
  readings: readonly Reading[],
  memberships: readonly ClientRow[],
  sessions: readonly SessionRow[],
): DeviceVpnStatus[] => {
  const out = new Map<number, DeviceVpnStatus>();
  const entry = (id: number, updatedAt: Date | null) => {
    const found = out.get(id) ?? { id, device_id: id, data: [], updated_at: null };
    found.updated_at ??= toApiDateOrNull(updatedAt);
    out.set(id, found);
    return found;
  };
  const reported = new Map<number, ReturnType<typeof vpnTelemetrySchema.parse>>();
  for (const reading of readings) {
    const parsed = vpnTelemetrySchema.safeParse(reading.vpn);
    const device = entry(reading.deviceId, reading.updatedAt);
    if (!parsed.success) continue;
    reported.set(reading.deviceId, parsed.data);
    for (const tunnel of parsed.data.l2tp) {
      device.data.push({
        ip: null,
        name: tunnel.name,
        type: 'l2tp',
        is_enabled: tunnel.status !== 'disabled',
        is_running: tunnel.status === 'running',
      });
    }
  }
  const byClient = new Map(sessions.map((session) => [session.hubUserId, session]));
  for (const member of memberships) {
    if (member.deviceId === null) continue;
    const session = byClient.get(member.id);
    const own = reported
      .get(member.deviceId)
      ?.openvpn?.find((client) => client.hub_id === member.hubId);
    entry(member.deviceId, null).data.push({
      ip: session?.virtualAddress ?? own?.ip ?? member.ip,
      name: member.hubName,
      type: 'openvpn',
      is_enabled: member.enabled,
      is_running: session !== undefined || own?.status === 'connected',
    });
  }
  return [...out.values()].sort((a, b) => a.device_id - b.device_id);
};
