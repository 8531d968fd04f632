import {
  HUB_STATE_SESSIONS_MAX,
  hubStateMessageSchema,
  type HubStateMessage,
} from '@netfleet/contracts';
import type { HubSession, HubStatus } from '@netfleet/openvpn-hub';

const ERROR_MAX = hubStateMessageSchema.shape.error.unwrap().maxLength ?? 1024;

const sessionOf = (session: HubSession): HubStateMessage['sessions'][number] => ({
  common_name: session.commonName,
  real_address: session.realAddress,
  virtual_address: session.virtualAddress,
  bytes_received: session.bytesReceived,
  bytes_sent: session.bytesSent,
  // The schema takes a positive time; a session whose start OpenVPN did not say counts from now.
  connected_since: session.connectedSince.getTime() || Date.now(),
});

/**
 * One hub's state as `nf/d/<id>/hub` messages: one, or `parts` of HUB_STATE_SESSIONS_MAX
 * sessions each, all with the same `ts` so the server knows they belong together.
 */
export const hubStateMessages = (
  hubId: number,
  status: HubStatus,
  sessions: readonly HubSession[],
  ts: number,
): HubStateMessage[] => {
  const parts = Math.max(1, Math.ceil(sessions.length / HUB_STATE_SESSIONS_MAX));
  return Array.from({ length: parts }, (_, index) => ({
    ts,
    hub_id: hubId,
    state: status.state,
    error: status.error?.slice(0, ERROR_MAX) ?? null,
    started_at: status.startedAt?.getTime() ?? null,
    part: index + 1,
    parts,
    sessions: sessions
      .slice(index * HUB_STATE_SESSIONS_MAX, (index + 1) * HUB_STATE_SESSIONS_MAX)
      .map(sessionOf),
  }));
};
