import { createServer, type Server } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { openTcpTarget, parsePorts } from './tunnel-target.ts';

let server: Server | null = null;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** A local service that greets and closes, on a port the OS picks. */
const listen = () =>
  new Promise<number>((resolve) => {
    server = createServer((socket) => socket.end('hello'));
    server.listen(0, '127.0.0.1', () => {
      const address = server?.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });

describe('the Linux agent tunnel target', () => {
  it('parses port lists and refuses nonsense', () => {
    const allowed = parsePorts('22,80,8000-8010');
    expect([22, 80, 8005].map((p) => allowed?.(p))).toEqual([true, true, true]);
    expect(allowed?.(23)).toBe(false);
    expect(parsePorts('22,abc')).toBeNull();
    expect(parsePorts('90-80')).toBeNull();
    expect(parsePorts('0')).toBeNull();
  });

  it('connects to an allowed local port', async () => {
    const port = await listen();
    const stream = (await openTcpTarget(() => true)({ host: '127.0.0.1', port })) as Duplex;
    const greeting = await new Promise<string>((resolve) =>
      stream.once('data', (chunk: Buffer) => resolve(chunk.toString())),
    );
    expect(greeting).toBe('hello');
    stream.destroy();
  });

  it('refuses public addresses and ports the owner did not allow, and says when nothing listens', async () => {
    const open = openTcpTarget(parsePorts('22') ?? (() => false));
    expect(await open({ host: '8.8.8.8', port: 22 })).toMatchObject({ code: 'not_allowed' });
    expect(await open({ host: '169.254.169.254', port: 22 })).toMatchObject({
      code: 'not_allowed',
    });
    expect(await open({ host: '127.0.0.1', port: 80 })).toMatchObject({ code: 'not_allowed' });
    const port = await listen();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = null;
    expect(await openTcpTarget(() => true)({ host: '127.0.0.1', port })).toMatchObject({
      code: 'refused',
    });
  });
});
