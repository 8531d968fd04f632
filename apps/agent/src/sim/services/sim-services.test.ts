import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { duplexPair } from '../../tunnel/duplex-pair.ts';
import { SimDevice } from '../sim-device.ts';
import { createSimServices } from './sim-services.ts';
import { open, waitFor } from './test-helpers.ts';

const device = new SimDevice(6, 11);

/** A stand-in VNC server: greets with the RFB version, as x11vnc does. */
const vncServer = net.createServer((socket) => {
  socket.on('error', () => socket.destroy());
  socket.end('RFB 003.008\n');
});
afterAll(() => new Promise<void>((resolve) => vncServer.close(() => resolve())));

describe('simulated device services', () => {
  it('serves the device on its own addresses and the camera on the LAN', () => {
    const services = createSimServices({});
    for (const host of ['127.0.0.1', '192.168.1.1']) {
      for (const port of [22, 23, 80]) expect(services.serves(host, port)).toBe(true);
      expect(services.serves(host, 5900)).toBe(false);
      expect(services.serves(host, 443)).toBe(false);
    }
    expect(services.serves('192.168.1.10', 80)).toBe(true);
    expect(services.serves('192.168.1.10', 22)).toBe(false);
    expect(services.serves('192.168.1.20', 80)).toBe(false);
    expect(services.serves('10.0.0.1', 22)).toBe(false);
  });

  it('forwards port 5900 to the VNC target', async () => {
    await new Promise<void>((resolve) => vncServer.listen(0, '127.0.0.1', resolve));
    const { port } = vncServer.address() as net.AddressInfo;
    const services = createSimServices({ vncTarget: { host: '127.0.0.1', port } });
    expect(services.serves('127.0.0.1', 5900)).toBe(true);
    const stream = open(services, device, '127.0.0.1', 5900);
    expect(await waitFor(stream, 'RFB 003.008\n')).toBe('RFB 003.008\n');
    await services.close();
  });

  it('survives connections that fail, close early or speak garbage', async () => {
    const services = createSimServices({ vncTarget: { host: '127.0.0.1', port: 1 } });
    for (const port of [22, 23, 80, 5900]) {
      // The tunnel fails the device's end of the stream…
      const [client, server] = duplexPair();
      client.on('error', () => {});
      services.serve(device, '192.168.1.1', port, server);
      server.destroy(new Error('tunnel dropped'));
      // …the user closes at once…
      open(services, device, '192.168.1.1', port).end();
      // …or sends what no protocol expects.
      const garbage = open(services, device, '192.168.1.1', port);
      garbage.on('error', () => {});
      garbage.resume();
      garbage.write(Buffer.from([0, 255, 255, 13, 10, 13, 10, 0xc3]));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Still answering.
    const stream = open(services, device, '127.0.0.1', 23);
    await waitFor(stream, 'login: ');
    await services.close();
    expect(stream.destroyed || stream.readableEnded).toBe(true);
  });

  it('refuses new connections once closed', async () => {
    const services = createSimServices({});
    await services.close();
    expect(services.serves('127.0.0.1', 22)).toBe(false);
  });
});
