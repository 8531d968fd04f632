import {
  ERROR_CODES,
  LIST_MAX_LIMIT,
  toApiDate,
  toApiDateOrNull,
  VPN_CLIENT_MESSAGES,
  VPN_LOG_MESSAGES,
  VPN_USAGE_MAX_DAYS,
  type VpnConnectionLog,
  type VpnDataUsage,
  type VpnDataUsageQuery,
  type VpnHubInfo,
  type VpnSession,
} from '@netfleet/contracts';
import { ApiError, invalid } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { StatusService } from '@/modules/system/status/status.service';
import type { HubApplier } from './hub-apply';
import type { HubClientsRepository } from './hub-clients.repository';
import type { DayRange, HubLogsRepository, Page } from './hub-logs.repository';
import type { HubsRepository } from './hubs.repository';
import { hubNotFound } from './hubs.service';
import type { VpnTargetsRepository } from './vpn-targets.repository';
import { toDeviceVpnStatus } from './device-vpn-status';
import { epochSeconds } from './vpn.mapper';

interface Deps {
  hubsRepository: Pick<HubsRepository, 'find'>;
  clientsRepository: Pick<HubClientsRepository, 'find' | 'ofDevices'>;
  logsRepository: HubLogsRepository;
  targetsRepository: Pick<VpnTargetsRepository, 'vpnReadings'>;
  applier: Pick<HubApplier, 'statusOf'>;
  status: Pick<StatusService, 'open' | 'publish'>;
  now: () => Date;
}

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Whole UTC days from `start` to `end` (the last 30 days by default), checked. */
export const dayRange = (start: Date | undefined, end: Date | undefined, now: Date): DayRange => {
  const to = end ?? now;
  const from = start ?? new Date(to.getTime() - (DEFAULT_DAYS - 1) * DAY_MS);
  if (from.getTime() > to.getTime()) throw invalid(VPN_LOG_MESSAGES.rangeOrder, 'end_date');
  if (to.getTime() - from.getTime() > VPN_USAGE_MAX_DAYS * DAY_MS) {
    throw invalid(VPN_LOG_MESSAGES.rangeTooLong, 'start_date');
  }
  return { from: dayOf(from), to: dayOf(to) };
};

const midnight = (day: string) => toApiDate(new Date(`${day}T00:00:00Z`));

/** What hubs report: sessions now, the connection log, usage per day and client. */
export const createHubLogsService = (deps: Deps) => {
  const { logsRepository } = deps;

  const requireHub = async (auth: AuthContext, id: number) => {
    const hub = await deps.hubsRepository.find(auth, id);
    if (!hub) throw hubNotFound();
    return hub;
  };

  const openSessions = async (hubId: number): Promise<VpnSession[]> => {
    const { rows } = await logsRepository.connections(
      hubId,
      { limit: LIST_MAX_LIMIT, offset: 0 },
      { openOnly: true },
    );
    return rows.map(({ session, name, type, objectId }) => ({
      name: name ?? session.commonName,
      ip: session.realAddress,
      object_id: objectId,
      bytes_used: session.bytesReceived + session.bytesSent,
      type: type ?? 'custom_user',
      connected_since: epochSeconds(session.connectedAt) ?? 0,
      vpn_ip: session.virtualAddress,
      vpn_hub_user_id: session.hubUserId,
      bytes_received: session.bytesReceived,
      bytes_sent: session.bytesSent,
    }));
  };

  return {
    async sessions(auth: AuthContext, hubId: number) {
      await requireHub(auth, hubId);
      const data = await openSessions(hubId);
      const channel = await deps.status.open(auth.user.id);
      await deps.status.publish(channel, String(hubId), {
        status: 'completed',
        value: VPN_LOG_MESSAGES.sessions(data.length),
      });
      return { channel, data };
    },

    /** RMS's hub info: state, subnet, sessions and bytes. */
    async info(auth: AuthContext, hubId: number) {
      const hub = await requireHub(auth, hubId);
      const status = await deps.applier.statusOf(hub);
      const sessions = await openSessions(hubId);
      const data: VpnHubInfo = {
        id: hub.id,
        visual_name: hub.name,
        description: hub.description,
        company_id: hub.companyId,
        enabled: hub.enabled,
        running: status.state === 'running',
        state: status.state,
        server_ip: hub.network,
        server_netmask: hub.netmask,
        number_of_sessions: sessions.length,
        bytes_received: sessions.reduce((sum, s) => sum + s.bytes_received, 0),
        bytes_sent: sessions.reduce((sum, s) => sum + s.bytes_sent, 0),
        total_bytes_used: hub.bytesUsed,
      };
      const channel = await deps.status.open(auth.user.id);
      await deps.status.publish(channel, String(hubId), {
        status: 'completed',
        value: status.state,
      });
      return { channel, data };
    },

    /** RMS hub logs: one row per day with traffic. */
    async hubLogs(auth: AuthContext, hubId: number, start: Date, end: Date) {
      await requireHub(auth, hubId);
      const days = await logsRepository.daily(hubId, dayRange(start, end, deps.now()));
      return days.map((day) => ({
        hub_id: hubId,
        session_bytes_send: day.sent,
        session_bytes_received: day.received,
        total_data_used: day.sent + day.received,
        created_at: midnight(day.day),
      }));
    },

    async clientLogs(
      auth: AuthContext,
      hubId: number,
      clientId: number,
      range: { start?: Date | undefined; end?: Date | undefined },
    ) {
      await requireHub(auth, hubId);
      const client = await deps.clientsRepository.find(auth, clientId);
      if (!client || client.hubId !== hubId) {
        throw new ApiError(404, ERROR_CODES.NOT_FOUND, VPN_CLIENT_MESSAGES.notFound);
      }
      const days = await logsRepository.daily(
        hubId,
        dayRange(range.start, range.end, deps.now()),
        clientId,
      );
      return days.map((day) => ({
        hub_id: hubId,
        vpn_hub_user_id: clientId,
        session_bytes_send: day.sent,
        session_bytes_received: day.received,
        created_at: midnight(day.day),
      }));
    },

    async connections(auth: AuthContext, hubId: number, page: Page, hubUserId?: number) {
      await requireHub(auth, hubId);
      const { rows, total } = await logsRepository.connections(hubId, page, { hubUserId });
      const data: VpnConnectionLog[] = rows.map(({ session, name, type }) => ({
        id: session.id,
        vpn_hub_id: session.hubId,
        vpn_user_id: session.hubUserId,
        name: session.commonName,
        visual_name: name ?? session.commonName,
        ip: session.realAddress,
        type,
        connected_at: toApiDate(session.connectedAt),
        disconnected_at: toApiDateOrNull(session.disconnectedAt),
        vpn_ip: session.virtualAddress,
        bytes_received: session.bytesReceived,
        bytes_sent: session.bytesSent,
      }));
      return { data, total };
    },

    /** Every day of the range (zero when idle) and each client's total over it. */
    async dataUsage(
      auth: AuthContext,
      hubId: number,
      query: VpnDataUsageQuery,
    ): Promise<VpnDataUsage> {
      await requireHub(auth, hubId);
      const range = dayRange(query.start_date, query.end_date, deps.now());
      const [daily, clients] = await Promise.all([
        logsRepository.daily(hubId, range, query.vpn_hub_user_id),
        logsRepository.byClient(hubId, range),
      ]);
      const byDay = new Map(daily.map((day) => [day.day, day]));
      const days: VpnDataUsage['days'] = [];
      for (let at = Date.parse(range.from); at <= Date.parse(range.to); at += DAY_MS) {
        const date = dayOf(new Date(at));
        const day = byDay.get(date);
        days.push({ date, bytes_received: day?.received ?? 0, bytes_sent: day?.sent ?? 0 });
      }
      const picked = clients.filter(
        (c) => query.vpn_hub_user_id === undefined || c.hubUserId === query.vpn_hub_user_id,
      );
      return {
        days,
        clients: picked.map((c) => ({
          vpn_hub_user_id: c.hubUserId,
          name: c.name,
          type: c.type,
          bytes_received: c.received,
          bytes_sent: c.sent,
        })),
        bytes_received: days.reduce((sum, day) => sum + day.bytes_received, 0),
        bytes_sent: days.reduce((sum, day) => sum + day.bytes_sent, 0),
      };
    },

    /** RMS device VPN status: reported L2TP tunnels, and the hubs each device is a client of. */
    async deviceVpnStatus(auth: AuthContext, deviceId: number | undefined) {
      const [readings, memberships] = await Promise.all([
        deps.targetsRepository.vpnReadings(auth, deviceId),
        deps.clientsRepository.ofDevices(auth, deviceId === undefined ? null : [deviceId]),
      ]);
      const sessions = await logsRepository.openSessionsOfClients(memberships.map((m) => m.id));
      return toDeviceVpnStatus(readings, memberships, sessions);
    },
  };
};

export type HubLogsService = ReturnType<typeof createHubLogsService>;
