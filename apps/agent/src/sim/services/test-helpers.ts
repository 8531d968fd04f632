import http from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import ssh2, { type Client, type ConnectConfig } from 'ssh2';
import type { SimDevice } from '../sim-device.ts';
import { duplexPair } from '../../tunnel/duplex-pair.ts';
import type { SimServices } from './sim-services.ts';

// Real clients for the services' tests, connected through an in-memory stream pair as the tunnel
// would connect them.

/** Opens a connection to host:port on the device; returns the client's end. */
export const open = (
  services: SimServices,
  device: SimDevice,
  host: string,
  port: number,
): Duplex => {
  const [client, server] = duplexPair();
  services.serve(device, host, port, server);
  return client;
};

/** Resolves with everything read once `text` has been seen. */
export const waitFor = (stream: Duplex, text: string | RegExp, timeoutMs = 3000): Promise<string> =>
  new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      stream.off('data', onData);
      reject(new Error(`timed out waiting for ${String(text)}; got ${JSON.stringify(seen)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (typeof text === 'string' ? seen.includes(text) : text.test(seen)) {
        clearTimeout(timer);
        stream.off('data', onData);
        resolve(seen);
      }
    };
    stream.on('data', onData);
  });

export const connectSsh = (
  services: SimServices,
  device: SimDevice,
  config: Partial<ConnectConfig>,
): Promise<Client> =>
  new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    client.on('ready', () => resolve(client)).on('error', reject);
    client.connect({
      sock: open(services, device, '192.168.1.1', 22),
      username: 'root',
      ...config,
    });
  });

export const exec = (
  client: Client,
  command: string,
): Promise<{ stdout: string; stderr: string; code: number }> =>
  new Promise((resolve, reject) => {
    client.exec(command, (error, channel) => {
      if (error) return reject(error);
      let stdout = '';
      let stderr = '';
      let code = -1;
      channel.on('data', (data: Buffer) => (stdout += data.toString()));
      channel.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
      channel.on('exit', (status: number) => (code = status));
      channel.on('close', () => resolve({ stdout, stderr, code }));
    });
  });

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export const httpRequest = (
  services: SimServices,
  device: SimDevice,
  request: {
    host?: string;
    path: string;
    method?: string;
    headers?: http.OutgoingHttpHeaders;
    body?: string;
  },
): Promise<HttpAnswer> =>
  new Promise((resolve, reject) => {
    const stream = open(services, device, request.host ?? '192.168.1.1', 80);
    const req = http.request(
      {
        createConnection: () => stream as Socket,
        method: request.method ?? 'GET',
        path: request.path,
        headers: { Host: request.host ?? '192.168.1.1', ...request.headers },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
