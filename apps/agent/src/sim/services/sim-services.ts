import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { SimDevice } from '../sim-device.ts';
import { createDeviceFs } from './device-fs.ts';
import { createLanCamera } from './lan-camera.ts';
import type { MemoryFs } from './memory-fs.ts';
import { createSshService } from './ssh-server.ts';
import { serveTelnet } from './telnet-server.ts';
import { createWebUi } from './web-ui.ts';

export interface SimServicesOptions {
  /** A real VNC server that every device's port 5900 forwards to; without it 5900 is closed. */
  vncTarget?: { host: string; port: number } | undefined;
  /** OpenSSH public key lines accepted for root. */
  authorizedKeys?: string[];
  /** Told when a service fails to start on a connection (a bug; that connection is closed). */
  log?: (message: string) => void;
}

type Service = (device: SimDevice, stream: Duplex) => void;

/** The device's own addresses: loopback and its LAN address. */
const DEVICE_HOSTS = new Set(['127.0.0.1', 'localhost', '192.168.1.1']);
/** The one host on the device's LAN. */
const CAMERA_HOST = '192.168.1.10';

/** Pipes a connection to a real TCP server; either side closing or failing ends both. */
const proxyTo = (target: { host: string; port: number }, stream: Duplex): void => {
  const socket = net.connect(target);
  socket.on('error', () => stream.destroy());
  stream.on('close', () => socket.destroy());
  stream.pipe(socket);
  socket.pipe(stream);
};

/**
 * The services simulated devices answer through the remote-access tunnel, in-process: nothing
 * listens on a real port, each connection arrives as a stream.
 */
export const createSimServices = (options: SimServicesOptions) => {
  const filesystems = new WeakMap<SimDevice, MemoryFs>();
  const fsOf = (device: SimDevice): MemoryFs => {
    let fs = filesystems.get(device);
    if (!fs) {
      fs = createDeviceFs(device);
      filesystems.set(device, fs);
    }
    return fs;
  };
  const webUi = createWebUi();
  const camera = createLanCamera();
  const ssh = createSshService({ authorizedKeys: options.authorizedKeys ?? [], fsOf });
  const telnet: Service = (device, stream) => serveTelnet(device, stream, fsOf);
  const { vncTarget } = options;
  const vnc: Service | undefined = vncTarget && ((_device, stream) => proxyTo(vncTarget, stream));

  const serviceOf = (host: string, port: number): Service | undefined => {
    const name = host.toLowerCase();
    if (name === CAMERA_HOST) return port === 80 ? (_device, stream) => camera(stream) : undefined;
    if (!DEVICE_HOSTS.has(name)) return undefined;
    switch (port) {
      case 22:
        return ssh;
      case 23:
        return telnet;
      case 80:
        return webUi;
      case 5900:
        return vnc;
      default:
        return undefined;
    }
  };

  const live = new Set<Duplex>();
  let closed = false;

  return {
    /**
     * true when this device serves host:port (then `serve` may be called), false → the tunnel
     * answers "refused".
     */
    serves(host: string, port: number): boolean {
      return !closed && serviceOf(host, port) !== undefined;
    },

    /** Answers one connection on the device. */
    serve(device: SimDevice, host: string, port: number, stream: Duplex): void {
      // 10k devices share this process: a failing stream ends its connection, never the process.
      stream.on('error', () => stream.destroy());
      const service = serviceOf(host, port);
      if (closed || !service) {
        stream.destroy();
        return;
      }
      live.add(stream);
      stream.once('close', () => live.delete(stream));
      try {
        service(device, stream);
      } catch (error) {
        options.log?.(`${device.serial}: ${host}:${port}: ${(error as Error).message}`);
        stream.destroy();
      }
    },

    /** Ends every open connection; later connections are refused. */
    async close(): Promise<void> {
      closed = true;
      for (const stream of live) stream.destroy();
      live.clear();
    },
  };
};

export type SimServices = ReturnType<typeof createSimServices>;
