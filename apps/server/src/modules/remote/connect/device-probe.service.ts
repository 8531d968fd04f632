import { PORTS, REMOTE_ACCESS_MESSAGES } from '@netfleet/contracts';
import { ApiError, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RemoteDevicesRepository } from '@/modules/remote/remote-access/remote-devices.repository';
import type { TunnelHub } from '@/modules/remote/tunnels/tunnel-hub';
import type { StatusService } from '@/modules/system/status/status.service';
import { checkActive } from './session-access';
import type { SessionStore } from './session-store.port';

/** The device's own services worth finding: the spec's access ports. */
export const DEFAULT_SCAN_PORTS = [...new Set(Object.values(PORTS))].sort((a, b) => a - b);
const MAX_SCAN_PORTS = 32;

export const parseScanPorts = (value: string | undefined): number[] => {
  if (!value) return DEFAULT_SCAN_PORTS;
  const ports = value.split(',').map((part) => Number(part.trim()));
  if (
    ports.length > MAX_SCAN_PORTS ||
    ports.some((port) => !Number.isInteger(port) || port < 1 || port > 65_535)
  ) {
    throw new ApiError(
      422,
      'VALIDATION_ERROR',
      `Ports must be up to ${MAX_SCAN_PORTS} numbers from 1 to 65535`,
      'ports',
    );
  }
  return [...new Set(ports)];
};

/**
 * What a user may ask of a device's remote access besides opening sessions: which of its ports
 * answer (RMS connect auto-scan), and a fresh tunnel for a web UI session that got stuck (RMS
 * Connect restart). Answers are status channels, as in RMS.
 */
export const createDeviceProbeService = (deps: {
  devices: Pick<RemoteDevicesRepository, 'findVisible'>;
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
