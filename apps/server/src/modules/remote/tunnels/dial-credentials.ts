import { createHash, timingSafeEqual } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { parseDeviceUsername } from '@netfleet/contracts';

export const sameToken = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The registry keeps only a token's hash: reading Redis is not enough to dial as a device. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The device's `d<id>:<password>` from a dial's Basic authorization. */
export const basicCredential = (header: string | undefined) => {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const deviceId = parseDeviceUsername(decoded.slice(0, colon));
  return deviceId === null ? null : { deviceId, password: decoded.slice(colon + 1) };
};

export const refuse = (socket: Duplex, status: number, reason: string) => {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
};
