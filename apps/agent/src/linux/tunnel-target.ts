import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { isAllowedTunnelTarget } from '@netfleet/contracts';
import type { OpenError, OpenPayload } from '@netfleet/contracts/tunnel';

const CONNECT_TIMEOUT_MS = 8_000;

/** `22,80,443` or `1-65535`. */
export const parsePorts = (value: string): ((port: number) => boolean) | null => {
  const ranges: [number, number][] = [];
  for (const part of value.split(',')) {
    const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(part.trim());
    if (!match) return null;
    const low = Number(match[1]);
    const high = Number(match[2] ?? match[1]);
    if (low < 1 || high > 65_535 || low > high) return null;
    ranges.push([low, high]);
  }
  return (port) => ranges.some(([low, high]) => port >= low && port <= high);
};

/**
 * Connects a remote-access stream on a real device: only to this box and private LANs
 * (isAllowedTunnelTarget, checked here too so a compromised server cannot make the device scan
 * the internet) and only to the ports the owner allowed.
 */
export const openTcpTarget =
  (allowedPort: (port: number) => boolean) =>
  ({ host, port }: OpenPayload): Promise<Duplex | OpenError> => {
    if (!isAllowedTunnelTarget(host) || !allowedPort(port)) {
      return Promise.resolve({ code: 'not_allowed', message: `${host}:${port} is not allowed` });
    }
    return new Promise((resolve) => {
      const socket = connect({ host, port, timeout: CONNECT_TIMEOUT_MS });
      const fail = (error: OpenError) => {
        socket.destroy();
        resolve(error);
      };
      socket.once('connect', () => {
        socket.setTimeout(0);
        socket.removeAllListeners('error');
        resolve(socket);
      });
      socket.once('timeout', () => fail({ code: 'timeout', message: `${host}:${port} timed out` }));
      socket.once('error', (error: NodeJS.ErrnoException) =>
        fail({
          code: error.code === 'ECONNREFUSED' ? 'refused' : 'unreachable',
          message: `${host}:${port}: ${error.code ?? error.message}`,
        }),
      );
    });
  };
