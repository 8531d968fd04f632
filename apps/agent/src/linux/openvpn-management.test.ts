import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clientStatusOf,
  parseStateLine,
  parseStatusBytes,
  queryManagement,
} from './openvpn-management.ts';

// Answers as OpenVPN 2.6 prints them (captured from `openvpn --management … unix`).
const STATUS = [
  'OpenVPN STATISTICS',
  'Updated,2025-06-15 12:00:00',
  'TUN/TAP read bytes,5120',
  'TUN/TAP write bytes,20480',
  'TCP/UDP read bytes,31337',
  'TCP/UDP write bytes,10864',
  'Auth read bytes,20480',
  'END',
];

describe('management answers', () => {
  it('reads the state, its time and the tunnel address', () => {
    expect(parseStateLine('1750000000,CONNECTED,SUCCESS,10.8.3.7,203.0.113.5,1194,,')).toEqual({
      name: 'CONNECTED',
      at: 1_750_000_000_000,
      ip: '10.8.3.7',
    });
    expect(parseStateLine('1750000000,WAIT,,,,,,')).toEqual({
      name: 'WAIT',
      at: 1_750_000_000_000,
      ip: null,
    });
    expect(parseStateLine('1750000000,ASSIGN_IP,,10.8.300.1,,,,')?.ip).toBeNull();
    expect(parseStateLine('END')).toBeNull();
    expect(parseStateLine('')).toBeNull();
    expect(parseStateLine('soon,CONNECTED,SUCCESS,10.8.3.7')).toBeNull();
  });

  it('counts the link bytes, and zero for what it does not say', () => {
    expect(parseStatusBytes(STATUS)).toEqual({ sent: 10864, received: 31337 });
    expect(parseStatusBytes(['OpenVPN STATISTICS', 'TCP/UDP read bytes,x'])).toEqual({
      sent: 0,
      received: 0,
    });
  });

  it('maps the states onto the telemetry statuses', () => {
    expect(clientStatusOf('CONNECTED')).toBe('connected');
    expect(clientStatusOf('EXITING')).toBe('stopped');
    for (const state of ['CONNECTING', 'WAIT', 'AUTH', 'GET_CONFIG', 'RECONNECTING', 'RESOLVE']) {
      expect(clientStatusOf(state)).toBe('connecting');
    }
  });
});

describe('queryManagement', () => {
  let dir: string;
  let server: Server | null;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'nf-ovpn-mgmt-'));
    server = null;
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  const serve = (answer: (command: string) => string) =>
    new Promise<string>((resolve) => {
      const path = join(dir, 'm.sock');
      server = createServer((socket) => {
        socket.write(
          ">INFO:OpenVPN Management Interface Version 5 -- type 'help' for more info\r\n",
        );
        let buffered = '';
        socket.on('data', (chunk) => {
          const lines = (buffered + chunk.toString()).split('\n');
          buffered = lines.pop() ?? '';
          for (const line of lines) socket.write(answer(line));
        });
      });
      server.listen(path, () => resolve(path));
    });

  it('answers each command with its lines, leaving out notifications', async () => {
    const path = await serve((command) =>
      command === 'state'
        ? '>BYTECOUNT:1,2\r\n1750000000,CONNECTED,SUCCESS,10.8.3.7,203.0.113.5,1194,,\r\nEND\r\n'
        : `${STATUS.join('\r\n')}\r\n`,
    );
    const [state, status] = await queryManagement(path, ['state', 'status']);
    expect(state).toEqual(['1750000000,CONNECTED,SUCCESS,10.8.3.7,203.0.113.5,1194,,']);
    expect(status).toEqual(STATUS.slice(0, -1));
  });

  it('ends a one-line answer at SUCCESS or ERROR', async () => {
    const path = await serve((command) =>
      command === 'signal SIGTERM'
        ? 'SUCCESS: signal SIGTERM thrown\r\n'
        : "ERROR: unknown command, enter 'help' for more options\r\n",
    );
    expect(await queryManagement(path, ['signal SIGTERM', 'nonsense'])).toEqual([
      ['SUCCESS: signal SIGTERM thrown'],
      ["ERROR: unknown command, enter 'help' for more options"],
    ]);
  });

  it('fails when nothing listens or nothing answers', async () => {
    await expect(queryManagement(join(dir, 'none.sock'), ['state'])).rejects.toThrow(/ENOENT/);
    const path = await serve(() => '');
    await expect(queryManagement(path, ['state'], 100)).rejects.toThrow(/did not answer/);
  });
});
