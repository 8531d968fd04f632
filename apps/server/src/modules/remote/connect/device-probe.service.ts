import { PORTS, REMOTE_ACCESS_MESSAGES, lanHostsResultSchema } from '@netfleet/contracts';
import { type DeviceRequests, parseResultJson } from '@/modules/fleet/device-jobs/device-requests';
import { ApiError, notFound } from '@/lib/api-error';
import type { Presence } from '@/modules/fleet/device-gateway/presence';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RemoteDevicesRepository } from '@/modules/remote/remote-access/remote-devices.repository';
import type { TunnelHub } from '@/modules/remote/tunnels/tunnel-hub';
import type { StatusService } from '@/modules/system/status/status.service';
import { checkActive } from './session-access';
import type { SessionStore } from './session-store.port';

/** The device's own services worth finding: the spec's access ports. */
export const DEFAULT_SCAN_PORTS = [...new Set(Object.values(PORTS))].sort((a, b) => a - b);

/**
 * What a user may ask of a device's remote access besides opening sessions: which of its ports
 * answer (RMS connect auto-scan), and a fresh tunnel for a web UI session that got stuck (RMS
 * Connect restart). Answers are status channels, as in RMS.
 */
const LAN_SCAN_TIMEOUT_MS = 20_000;
const LAN_SCAN_MESSAGES = {
  offline: REMOTE_ACCESS_MESSAGES.deviceOffline,
  timeout: 'The device did not list its LAN hosts in time',
};

export const createDeviceProbeService = (deps: {
  devices: Pick<RemoteDevicesRepository, 'findVisible'>;
  requests: Pick<DeviceRequests, 'ask'>;
  presence: Pick<Presence, 'isOnline'>;
  log: { warn: (o: object, m: string) => void };
  sessions: Pick<SessionStore, 'byHostToken'>;
  hub: Pick<TunnelHub, 'openStream' | 'restart'>;
  status: Pick<StatusService, 'open' | 'publish'>;
  now: () => Date;
}) => ({
  async scan(auth: AuthContext, deviceId: number, ports: number[]) {
    const device = await deps.devices.findVisible(auth, deviceId);
    if (!device) throw notFound('Device not found');
    const channel = await deps.status.open(auth.user.id);
    // In the background: a closed port may take the device's connect timeout to say so.
    void (async () => {
      for (const port of ports) {
        const item = String(port);
        try {
          const stream = await deps.hub.openStream(device.id, { host: '127.0.0.1', port });
          stream.destroy();
          await deps.status.publish(channel, item, { status: 'completed', value: 'open' });
        } catch (error) {
          const message = error instanceof ApiError ? error.message : 'closed';
          await deps.status.publish(channel, item, {
            status: 'error',
            value: message === REMOTE_ACCESS_MESSAGES.targetRefused ? 'closed' : message,
            ...(error instanceof ApiError ? { errorcode: error.code } : {}),
          });
        }
      }
    })().catch(() => undefined);
    return { channel };
  },

  /**
   * RMS's port scan of the ethernet ports: the hosts the device sees on its LAN (its ARP
   * table), one status item per host, so a user can pick one to reach through an access rule.
   */
  async scanLan(auth: AuthContext, deviceId: number) {
    const device = await deps.devices.findVisible(auth, deviceId);
    if (!device) throw notFound('Device not found');
    if (!(await deps.presence.isOnline(device.id))) {
      throw new ApiError(409, 'DEVICE_OFFLINE', REMOTE_ACCESS_MESSAGES.deviceOffline);
    }
    const channel = await deps.status.open(auth.user.id);
    const item = String(device.id);
    void (async () => {
      await deps.status.publish(channel, item, { status: 'started', value: 'Asking the device' });
      try {
        const answer = await deps.requests.ask(
          auth,
          device.id,
          'lan_hosts',
          {},
          {
            timeoutMs: LAN_SCAN_TIMEOUT_MS,
            messages: LAN_SCAN_MESSAGES,
          },
        );
        const hosts = lanHostsResultSchema.safeParse(parseResultJson(answer.result));
        if (answer.status !== 'completed' || !hosts.success) {
          const reason = answer.message ?? 'The device answered something else than its LAN hosts';
          return void (await deps.status.publish(channel, item, {
            status: 'error',
            value: reason,
          }));
        }
        for (const host of hosts.data) {
          await deps.status.publish(channel, host.ip, {
            status: 'completed',
            value: `${host.mac} on ${host.port ?? host.interface}`,
          });
        }
        await deps.status.publish(channel, item, {
          status: 'completed',
          value: `${hosts.data.length} LAN host${hosts.data.length === 1 ? '' : 's'} found`,
        });
      } catch (error) {
        const message = error instanceof ApiError ? error.message : 'The scan failed';
        if (!(error instanceof ApiError))
          deps.log.warn({ err: error, deviceId }, 'LAN scan failed');
        await deps.status.publish(channel, item, { status: 'error', value: message });
      }
    })().catch(() => undefined);
    return { channel };
  },

  /** `url` is the web UI link (or its host): the owner's open session behind it. */
  async restart(auth: AuthContext, url: string) {
    let host: string;
    try {
      host = new URL(/^[a-z]+:\/\//i.test(url) ? url : `http://${url}`).hostname;
    } catch {
      throw new ApiError(422, 'VALIDATION_ERROR', 'Not a remote access link', 'url');
    }
    const token = host.split('.')[0] ?? '';
    const grant = /^[0-9a-f]{32}$/.test(token) ? await deps.sessions.byHostToken(token) : null;
    if (!grant || grant.userId !== auth.user.id)
      throw notFound(REMOTE_ACCESS_MESSAGES.sessionNotFound);
    checkActive(grant, deps.now());
    deps.hub.restart(grant.deviceId);
    const channel = await deps.status.open(auth.user.id);
    await deps.status.publish(channel, String(grant.deviceId), {
      status: 'completed',
      value: 'The tunnel will be opened again with the next request',
    });
    return { channel };
  },
});

export type DeviceProbeService = ReturnType<typeof createDeviceProbeService>;
