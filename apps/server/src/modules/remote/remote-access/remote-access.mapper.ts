import {
  type AccessRule,
  type ConnectLog,
  type ConnectSession,
  toApiDate,
  toApiDateOrNull,
} from '@netfleet/contracts';
import type { AccessRuleRow } from './access-rules.repository';
import type { SessionRow } from './sessions.repository';

export const toAccessRule = (row: AccessRuleRow): AccessRule => ({
  id: row.id,
  device_id: row.deviceId,
  name: row.name,
  destination_ip: row.destinationIp,
  destination_port: row.destinationPort,
  protocol: row.protocol,
  // The device itself (its own web UI or shell) rather than a host on its LAN.
  is_main: row.destinationIp === '127.0.0.1',
  credentials_required: row.credentialsRequired,
  // RMS: 0 means the device is reached over VPN; netfleet devices always talk MQTT.
  mqtt: 1,
  device_name: row.deviceName,
  device_description: row.deviceDescription,
  is_esim_bootstrap: null,
  // Rule tags (RMS tag_id) are not kept yet: see docs/rms-compatibility.md.
  tags: [],
  company_name: row.companyName,
  created_at: toApiDate(row.createdAt),
  company_id: row.companyId,
  device_status: row.deviceStatus,
  shared_with: row.sharedWith,
  active_sessions: row.activeSessions,
});

export const isActive = (row: Pick<SessionRow, 'endedAt' | 'expiresAt'>, now: Date) =>
  row.endedAt === null && row.expiresAt > now;

/** When the session ended: closed, or expired once its time is past; null while it runs. */
export const endOf = (row: Pick<SessionRow, 'endedAt' | 'expiresAt'>, now: Date): Date | null =>
  row.endedAt ?? (row.expiresAt <= now ? row.expiresAt : null);

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** `url` is decided by the caller: only the session's owner ever receives a usable one. */
export const toConnectSession = (row: SessionRow, now: Date, url: string): ConnectSession => {
  const end = endOf(row, now);
  const active = isActive(row, now);
  return {
    id: row.id,
    type: row.type,
    device_id: row.deviceId,
    device_name: row.deviceName,
    access_id: row.accessId,
    protocol: row.protocol,
    destination_ip: row.destinationIp,
    destination_port: row.destinationPort,
    start_time: epochSeconds(row.createdAt),
    end_time: end ? epochSeconds(end) : null,
    input_data: row.inputBytes,
    output_data: row.outputBytes,
    username: row.username,
    company_name: row.companyName,
    url,
    ttl: active ? Math.max(0, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000)) : 0,
    active,
  };
};

/** A row of the access history; it never carries a link. */
export const toConnectLog = (row: SessionRow, now: Date): ConnectLog => ({
  id: row.id,
  type: row.type,
  start_time: toApiDate(row.createdAt),
  end_time: toApiDateOrNull(endOf(row, now)),
  input_data: row.inputBytes,
  output_data: row.outputBytes,
  username: row.username,
  company_name: row.companyName,
  device_id: row.deviceId,
  device_name: row.deviceName,
  protocol: row.protocol,
  destination_ip: row.destinationIp,
  destination_port: row.destinationPort,
  client_ip: row.clientIp,
  end_reason: row.endReason,
});
