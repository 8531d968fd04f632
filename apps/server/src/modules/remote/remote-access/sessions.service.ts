import {
  type ConnectLogQuery,
  ERROR_CODES,
  REMOTE_ACCESS_MESSAGES,
  type RemoteAccessAction,
  toApiDate,
} from '@netfleet/contracts';
import { ApiError } from '@/lib/api-error';
import type { Presence } from '@/modules/fleet/device-gateway/presence';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { StatusService } from '@/modules/system/status/status.service';
import type { AccessRulesRepository } from './access-rules.repository';
import type { ConnectLogsRepository } from './connect-logs.repository';
import { deviceNotFound, sessionNotFound } from './connect.service';
import { isActive, toConnectLog, toConnectSession } from './remote-access.mapper';
import type { RemoteDevicesRepository } from './remote-devices.repository';
import type { LinkIssuer } from './session-urls';
import type { SessionsRepository } from './sessions.repository';

interface Deps {
  sessionsRepository: SessionsRepository;
  logsRepository: ConnectLogsRepository;
  rulesRepository: Pick<AccessRulesRepository, 'find' | 'findMany'>;
  devicesRepository: Pick<RemoteDevicesRepository, 'findVisible'>;
  links: LinkIssuer;
  status: Pick<StatusService, 'open' | 'publish' | 'publishMany'>;
  actionLog: Pick<ActionLogService, 'record'>;
  presence: Presence;
  now: () => Date;
}

/** Reading and closing sessions, their history, and the checks RMS runs on a device's access. */
export const createSessionsService = (deps: Deps) => {
  const { sessionsRepository, devicesRepository, links, status, now } = deps;

  const requireDevice = async (auth: AuthContext, deviceId: number) => {
    const device = await devicesRepository.findVisible(auth, deviceId);
    if (!device) throw deviceNotFound();
    return device;
  };

  return {
    /**
     * GET /devices/connect/{access_id}/sessions: RMS's definition answers one session, so this is
     * the caller's latest of the rule (else anyone's latest), with how many there are in `total`.
     */
    async ofRule(auth: AuthContext, accessId: number, active: 'true' | 'false' | undefined) {
      const rule = await deps.rulesRepository.find(auth, accessId, now());
      if (!rule) throw new ApiError(404, ERROR_CODES.NOT_FOUND, REMOTE_ACCESS_MESSAGES.notFound);
      const at = now();
      const { row, total } = await sessionsRepository.latestOfRule(auth, auth.user.id, accessId, {
        active: active === undefined ? undefined : active === 'true',
        now: at,
      });
      const data = row ? toConnectSession(row, at, await links.urlFor(row, auth.user.id)) : null;
      return { data, total };
    },

    /** The owner, or anyone who manages remote access of the session's company, may end it. */
    async close(auth: AuthContext, sessionId: number, ip: string) {
      const row = await sessionsRepository.findVisible(auth, sessionId);
      if (!row) throw sessionNotFound();
      const at = now();
      const wasActive = isActive(row, at);
      await sessionsRepository.store.end(row.id, 'closed by user', at);
      const channel = await status.open(auth.user.id);
      await status.publish(channel, String(row.deviceId), {
        status: 'completed',
        value: wasActive ? 'Session closed' : 'Session had already ended',
      });
      await deps.actionLog.record(actorOf(auth, ip), 'remote_session_close', {
        entity: 'remote_session',
        entityId: row.id,
        details: { device_id: row.deviceId, owner_id: row.userId, type: row.type },
      });
      return { channel };
    },

    /** GET /devices/{id}/links: the caller's own open links to the device. */
    async links(auth: AuthContext, deviceId: number, type: 'webui' | 'cli') {
      const device = await requireDevice(auth, deviceId);
      const rows = await sessionsRepository.openLinks(auth.user.id, device.id, [type], now());
      const data = [];
      for (const row of rows) {
        const session = toConnectSession(row, now(), await links.urlFor(row, auth.user.id));
        data.push({
          link_id: row.id,
          url: session.url,
          ttl: session.ttl,
          active: session.active ? 1 : 0,
          created_at: toApiDate(row.createdAt),
        });
      }
      return data;
    },

    /**
     * POST /devices/connect/status: per rule (keyed by its id) whether the caller has a session
     * open through it (`active`), else whether its device is connected (`online`, `offline`).
     */
    async status(auth: AuthContext, ids: number[]) {
      const at = now();
      const rows = await deps.rulesRepository.findMany(auth, ids, at);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const [online, mine] = await Promise.all([
        deps.presence.onlineAmong(rows.map((row) => row.deviceId)),
        sessionsRepository.accessesWithOpenSession(auth.user.id, [...byId.keys()], at),
      ]);
      const channel = await status.open(auth.user.id);
      const items = [];
      for (const id of new Set(ids)) {
        const rule = byId.get(id);
        if (!rule) {
          items.push({
            item: String(id),
            update: {
              status: 'error' as const,
              value: REMOTE_ACCESS_MESSAGES.notFound,
              errorcode: ERROR_CODES.NOT_FOUND,
            },
          });
          continue;
        }
        const value = mine.has(id) ? 'active' : online.has(rule.deviceId) ? 'online' : 'offline';
        items.push({ item: String(id), update: { status: 'completed' as const, value } });
      }
      await status.publishMany(channel, items);
      return { channel };
    },

    /** POST /devices/{device_id}/remote-access/{action}. */
    async action(auth: AuthContext, deviceId: number, action: RemoteAccessAction) {
      const device = await requireDevice(auth, deviceId);
      const channel = await status.open(auth.user.id);
      const item = String(device.id);
      if (action === 'unblock') {
        // netfleet blocks no device's remote access, so there is never anything to lift.
        await status.publish(channel, item, {
          status: 'completed',
          value: 'Remote access is open',
        });
      } else if (await deps.presence.isOnline(device.id)) {
        await status.publish(channel, item, { status: 'completed', value: 'Device is online' });
      } else {
        await status.publish(channel, item, {
          status: 'error',
          value: REMOTE_ACCESS_MESSAGES.deviceOffline,
          errorcode: ERROR_CODES.DEVICE_OFFLINE,
        });
      }
      return { channel };
    },

    /** GET /devices/connect/logs: the access history of the companies the caller sees. */
    async logs(auth: AuthContext, query: ConnectLogQuery) {
      const at = now();
      const { rows, total } = await deps.logsRepository.list(auth, query, at);
      return { data: rows.map((row) => toConnectLog(row, at)), total };
    },
  };
};

export type SessionsService = ReturnType<typeof createSessionsService>;
