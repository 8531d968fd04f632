import {
  type AccessProtocol,
  type ConnectSession,
  ERROR_CODES,
  REMOTE_ACCESS_MESSAGES,
  type SessionType,
} from '@netfleet/contracts';
import { ApiError, invalid } from '@/lib/api-error';
import type { Presence } from '@/modules/fleet/device-gateway/presence';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { StatusService } from '@/modules/system/status/status.service';
import type { AccessRulesRepository } from './access-rules.repository';
import { isActive, toConnectSession } from './remote-access.mapper';
import type { RemoteDevice, RemoteDevicesRepository } from './remote-devices.repository';
import { type LinkIssuer, newHostToken } from './session-urls';
import type { SessionsRepository } from './sessions.repository';

/** What a session reaches: the device itself or a host on its LAN. */
interface Target {
  type: SessionType;
  protocol: AccessProtocol;
  ip: string;
  port: number;
  accessId: number | null;
}

const LOOPBACK = '127.0.0.1';

export const deviceNotFound = () => new ApiError(404, ERROR_CODES.NOT_FOUND, 'Device not found');
export const sessionNotFound = () =>
  new ApiError(404, ERROR_CODES.NOT_FOUND, REMOTE_ACCESS_MESSAGES.sessionNotFound);

/** A rule's protocol → the session type that carries it. */
const typeOfRule = (protocol: AccessProtocol, ip: string): SessionType => {
  switch (protocol) {
    case 'http':
    case 'https':
      return ip === LOOPBACK ? 'webui' : 'lan-webui';
    case 'ssh':
    case 'telnet':
    case 'sftp':
    case 'vnc':
      return protocol;
    case 'rdp':
      throw invalid(REMOTE_ACCESS_MESSAGES.rdpUnsupported, 'protocol');
  }
};

interface Deps {
  sessionsRepository: SessionsRepository;
  rulesRepository: Pick<AccessRulesRepository, 'find'>;
  devicesRepository: Pick<RemoteDevicesRepository, 'findVisible'>;
  links: LinkIssuer;
  status: Pick<StatusService, 'open' | 'publish'>;
  actionLog: Pick<ActionLogService, 'record'>;
  presence: Pick<Presence, 'isOnline'>;
  now: () => Date;
}

/**
 * Opening sessions (RMS connect): a session is bound to the user who opened it, lives `duration`
 * seconds, and is only opened while the device is connected (it must open the tunnel).
 */
export const createConnectService = (deps: Deps) => {
  const { sessionsRepository, devicesRepository, links, status, actionLog, now } = deps;

  const requireOwnSession = async (auth: AuthContext, id: number) => {
    const row = await sessionsRepository.findVisible(auth, id);
    // Someone else's session is "not found", even in the same company: its link is not theirs.
    if (!row || row.userId !== auth.user.id) throw sessionNotFound();
    return row;
  };

  const open = async (
    auth: AuthContext,
    device: RemoteDevice,
    target: Target,
    duration: number,
    ip: string,
  ) => {
    if (!(await deps.presence.isOnline(device.id))) {
      throw new ApiError(409, ERROR_CODES.DEVICE_OFFLINE, REMOTE_ACCESS_MESSAGES.deviceOffline);
    }
    const at = now();
    const id = await sessionsRepository.insert({
      type: target.type,
      userId: auth.user.id,
      companyId: device.companyId,
      deviceId: device.id,
      accessId: target.accessId,
      protocol: target.protocol,
      destinationIp: target.ip,
      destinationPort: target.port,
      hostToken: newHostToken(),
      createdAt: at,
      expiresAt: new Date(at.getTime() + duration * 1000),
    });
    const row = await requireOwnSession(auth, id);
    const url = await links.urlFor(row, auth.user.id);
    const channel = await status.open(auth.user.id);
    await status.publish(channel, String(device.id), {
      status: 'completed',
      value: 'Link is ready',
      link: url,
    });
    await actionLog.record(actorOf(auth, ip), 'remote_session_open', {
      entity: 'remote_session',
      entityId: id,
      details: {
        type: target.type,
        device_id: device.id,
        access_id: target.accessId,
        target: `${target.protocol}://${target.ip}:${target.port}`,
        duration,
      },
    });
    return { channel, data: toConnectSession(row, now(), url) };
  };

  const requireDevice = async (auth: AuthContext, deviceId: number) => {
    const device = await devicesRepository.findVisible(auth, deviceId);
    if (!device) throw deviceNotFound();
    return device;
  };

  return {
    /** POST /devices/{id}/connect/webui: the device's own web UI over HTTP. */
    async webUi(auth: AuthContext, deviceId: number, duration: number, ip: string) {
      const device = await requireDevice(auth, deviceId);
      const target: Target = {
        type: 'webui',
        protocol: 'http',
        ip: LOOPBACK,
        port: 80,
        accessId: null,
      };
      return open(auth, device, target, duration, ip);
    },

    /** POST /devices/{id}/connect/cli: the device's shell over SSH, or telnet if asked. */
    async cli(
      auth: AuthContext,
      deviceId: number,
      body: { duration: number; protocol?: 'ssh' | 'telnet' | undefined },
      ip: string,
    ) {
      const device = await requireDevice(auth, deviceId);
      const telnet = body.protocol === 'telnet';
      const target: Target = {
        type: 'cli',
        protocol: telnet ? 'telnet' : 'ssh',
        ip: LOOPBACK,
        port: telnet ? 23 : 22,
        accessId: null,
      };
      return open(auth, device, target, body.duration, ip);
    },

    /** POST /devices/connect/{access_id}: a session to what the rule points at. */
    async rule(auth: AuthContext, accessId: number, duration: number, ip: string) {
      const rule = await deps.rulesRepository.find(auth, accessId, now());
      if (!rule) throw new ApiError(404, ERROR_CODES.NOT_FOUND, REMOTE_ACCESS_MESSAGES.notFound);
      const target: Target = {
        type: typeOfRule(rule.protocol, rule.destinationIp),
        protocol: rule.protocol,
        ip: rule.destinationIp,
        port: rule.destinationPort,
        accessId: rule.id,
      };
      const device = await requireDevice(auth, rule.deviceId);
      return open(auth, device, target, duration, ip);
    },

    /** A fresh one-time link to the caller's own open session. */
    async launch(auth: AuthContext, sessionId: number): Promise<{ url: string }> {
      const row = await requireOwnSession(auth, sessionId);
      if (!isActive(row, now())) {
        const message = row.endedAt
          ? REMOTE_ACCESS_MESSAGES.linkRevoked
          : REMOTE_ACCESS_MESSAGES.linkExpired;
        throw new ApiError(409, ERROR_CODES.CONFLICT, message);
      }
      return { url: await links.urlFor(row, auth.user.id) };
    },

    /** The caller's own session, for the connect screens' header. */
    async get(auth: AuthContext, sessionId: number): Promise<ConnectSession> {
      const row = await requireOwnSession(auth, sessionId);
      return toConnectSession(row, now(), await links.urlFor(row, auth.user.id));
    },
  };
};

export type ConnectService = ReturnType<typeof createConnectService>;
