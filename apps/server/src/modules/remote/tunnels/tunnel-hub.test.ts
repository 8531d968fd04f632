import { createServer, type Server } from 'node:http';
import { PassThrough } from 'node:stream';
import type { TunnelRequest } from '@netfleet/contracts/tunnel';
import { afterEach, describe, expect, it } from 'vitest';
import { dialTunnel } from '../../../../../agent/src/tunnel/dial-tunnel';
import { createTunnelHub, type TunnelHub } from './tunnel-hub';

const silent = { info: () => {}, warn: () => {}, debug: () => {} };
let server: Server | null = null;
let hub: TunnelHub | null = null;
afterEach(async () => {
  await hub?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = hub = null;
});

/**
 * A hub on a real HTTP server, whose one device (7) dials in with `password` when asked.
 * `isOnline` stands in for the presence check (the database, with an external broker).
 */
const start = async (
  password: string,
  idleMs = 60_000,
  answers = true,
  isOnline = async (deviceId: number) => deviceId === 7,
) => {
  const requests: TunnelRequest[] = [];
  server = createServer();
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const created = createTunnelHub({
    requestTunnel: async (deviceId, request) => {
      requests.push(request);
      if (!answers) return;
      await dialTunnel({
        request,
        credential: { device_id: deviceId, username: `d${deviceId}`, password },
        // An echo service stands in for what the device connects.
        open: async () => new PassThrough(),
      }).catch(() => undefined);
    },
    presence: { isOnline },
    verifyDevice: async (deviceId, given) => deviceId === 7 && given === 'device-secret',
    tunnelUrl: `ws://127.0.0.1:${port}`,
    idleMs,
    dialTimeoutMs: 300,
    log: silent,
  });
  server.on('upgrade', (request, socket, head) => {
    if (!created.handleUpgrade(request, socket, head)) socket.destroy();
  });
  hub = created;
  return { hub: created, requests };
};

describe('tunnel hub', () => {
  it('asks the device, accepts its dial, carries a stream and closes the idle tunnel', async () => {
    const { hub, requests } = await start('device-secret', 100);
    const stream = await hub.openStream(7, { host: '127.0.0.1', port: 22 });
    expect(requests).toHaveLength(1);
    expect(hub.hasTunnel(7)).toBe(true);
    const echoed = new Promise<string>((resolve) =>
      stream.once('data', (c: Buffer) => resolve(c.toString())),
    );
    stream.write('ping');
    expect(await echoed).toBe('ping');
    // A second stream reuses the tunnel: no new request to the device.
    const second = await hub.openStream(7, { host: '127.0.0.1', port: 80 });
    expect(requests).toHaveLength(1);
    second.destroy();
    stream.destroy();
    await expect.poll(() => hub.hasTunnel(7), { timeout: 5_000 }).toBe(false);
  });

  it('refuses an offline device at once', async () => {
    const { hub } = await start('device-secret');
    await expect(hub.openStream(8, { host: '127.0.0.1', port: 22 })).rejects.toMatchObject({
      code: 'DEVICE_OFFLINE',
    });
  });

  it('asks once for streams opened while a slow presence check (the database) runs', async () => {
    const slowly = async (deviceId: number) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return deviceId === 7;
    };
    const { hub, requests } = await start('device-secret', 60_000, true, slowly);
    const streams = await Promise.all([
      hub.openStream(7, { host: '127.0.0.1', port: 22 }),
      hub.openStream(7, { host: '127.0.0.1', port: 80 }),
    ]);
    expect(requests).toHaveLength(1);
    for (const stream of streams) stream.destroy();
    const third = await hub.openStream(7, { host: '127.0.0.1', port: 443 });
    expect(requests).toHaveLength(1);
    third.destroy();
  });

  it('refuses a dial with the wrong device credential, and a token used twice', async () => {
    const { hub, requests } = await start('wrong-secret');
    const opening = hub.openStream(7, { host: '127.0.0.1', port: 22 });
    await expect.poll(() => requests.length).toBe(1);
    expect(hub.hasTunnel(7)).toBe(false);
    // The token alone opens nothing; with the device's own credential it does, once.
    const request = requests[0] as TunnelRequest;
    const dial = () =>
      dialTunnel({
        request,
        credential: { device_id: 7, username: 'd7', password: 'device-secret' },
        open: async () => new PassThrough(),
      });
    await dial();
    (await opening).destroy();
    await expect(dial()).rejects.toThrow('401');
  });

  it('gives up on a device that never dials back, with a clear error', async () => {
    const { hub, requests } = await start('device-secret', 60_000, false);
    await expect(hub.openStream(7, { host: '127.0.0.1', port: 22 })).rejects.toMatchObject({
      code: 'DEVICE_TIMEOUT',
      message: 'The device did not open its tunnel in time',
    });
    expect(requests).toHaveLength(1);
    expect(hub.hasTunnel(7)).toBe(false);
  });
});
