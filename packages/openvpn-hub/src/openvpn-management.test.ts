import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectManagement, parseStatus } from './openvpn-management';

// What OpenVPN 2.6.14 answers to `status 3` with two clients (one still authenticating).
const STATUS = [
  'TITLE\tOpenVPN 2.6.14 x86_64-pc-linux-gnu',
  'TIME\t2026-11-30 06:35:10\t1796020510',
  'HEADER\tCLIENT_LIST\tCommon Name\tReal Address\tVirtual Address\tVirtual IPv6 Address\tBytes Received\tBytes Sent\tConnected Since\tConnected Since (time_t)\tUsername\tClient ID\tPeer ID\tData Channel Cipher',
  'CLIENT_LIST\tdeva\t172.30.1.2:57514\t10.254.9.6\t\t2421\t2371\t2026-11-30 06:35:02\t1796020502\tUNDEF\t0\t0\tAES-256-GCM',
  'CLIENT_LIST\tlaptop\t172.30.3.2:40000\t\t\t10\t20\t2026-11-30 06:35:05\t1796020505\tUNDEF\t1\t1\tAES-256-GCM',
  'CLIENT_LIST\tUNDEF\t172.30.9.2:1\t\t\t0\t0\t2026-11-30 06:35:09\t1796020509\tUNDEF\t2\t2\tNone',
  'HEADER\tROUTING_TABLE\tVirtual Address\tCommon Name\tReal Address\tLast Ref\tLast Ref (time_t)',
  'ROUTING_TABLE\t192.168.71.0/24\tdeva\t172.30.1.2:57514\t2026-11-30 06:35:09\t1796020509',
  'ROUTING_TABLE\t10.254.9.6\tdeva\t172.30.1.2:57514\t2026-11-30 06:35:09\t1796020509',
  'ROUTING_TABLE\t10.254.9.5\tlaptop\t172.30.3.2:40000\t2026-11-30 06:35:09\t1796020509',
  'GLOBAL_STATS\tMax bcast/mcast queue length\t1',
  'GLOBAL_STATS\tdco_enabled\t0',
];

describe('status 3 parser', () => {
  it('reads sessions with bytes, addresses, connection time and client id', () => {
    expect(parseStatus(STATUS)).toEqual([
      {
        commonName: 'deva',
        realAddress: '172.30.1.2:57514',
        virtualAddress: '10.254.9.6',
        bytesReceived: 2421,
        bytesSent: 2371,
        connectedSince: new Date(1796020502 * 1000),
        clientId: 0,
      },
      {
        commonName: 'laptop',
        realAddress: '172.30.3.2:40000',
        // Not in CLIENT_LIST: taken from the routing table, skipping iroute subnets.
        virtualAddress: '10.254.9.5',
        bytesReceived: 10,
        bytesSent: 20,
        connectedSince: new Date(1796020505 * 1000),
        clientId: 1,
      },
    ]);
  });

  it('finds columns by the header when a version orders them differently', () => {
    const lines = [
      'HEADER\tCLIENT_LIST\tReal Address\tCommon Name\tBytes Sent\tBytes Received\tConnected Since (time_t)\tVirtual Address',
      'CLIENT_LIST\t1.2.3.4:5\tdevb\t7\t9\t1796020000\t10.0.0.3',
    ];
    expect(parseStatus(lines)).toMatchObject([
      { commonName: 'devb', bytesSent: 7, bytesReceived: 9, virtualAddress: '10.0.0.3' },
    ]);
  });

  it('reads no sessions from a hub without clients', () => {
    expect(parseStatus(STATUS.filter((line) => !line.startsWith('CLIENT_LIST')))).toEqual([]);
  });
});

describe('management client', () => {
  let dir = '';
  let server: Server | null = null;
  afterEach(() => {
    server?.close();
    server = null;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A stand-in for OpenVPN: greets, then answers each command line with `answer(line, socket)`. */
  const fakeOpenvpn = (path: string, answer: (line: string, socket: Socket) => void) =>
    new Promise<Server>((resolve) => {
      const fake = createServer((socket) => {
        socket.setEncoding('utf8');
        socket.write(
          ">INFO:OpenVPN Management Interface Version 5 -- type 'help' for more info\r\n",
        );
        let buffered = '';
        socket.on('data', (chunk: string) => {
          buffered += chunk;
          const lines = buffered.split('\n');
          buffered = lines.pop() ?? '';
          for (const line of lines) answer(line, socket);
        });
      });
      fake.listen(path, () => resolve(fake));
    });

  it('waits for the socket, sends commands one at a time and keeps notifications apart', async () => {
    dir = mkdtempSync(join(tmpdir(), 'nf-mgmt-'));
    const path = join(dir, 'mgmt.sock');
    const received: string[] = [];
    const notifications: string[] = [];
    /** True while the split status answer is being written: a command now would be pipelined. */
    let answering = false;
    // The socket appears only after the client started trying, as when OpenVPN is starting.
    setTimeout(() => {
      void fakeOpenvpn(path, (line, socket) => {
        received.push(answering ? `too early: ${line}` : line);
        if (line === 'status 3') {
          // A notification in the middle of an answer, and the answer split across writes.
          answering = true;
          socket.write(`${STATUS.slice(0, 4).join('\n')}\n>LOG:1796020510,,a log line\n`);
          setTimeout(() => {
            answering = false;
            socket.write(`${STATUS.slice(4).join('\n')}\nEND\n`);
          }, 20);
        } else if (line === 'kill deva') {
          socket.write("SUCCESS: common name 'deva' found, 1 client(s) killed\n");
        } else if (line === 'kill nobody') {
          socket.write("ERROR: common name 'nobody' not found\n");
        } else if (line === 'signal SIGUSR1') {
          socket.write('SUCCESS: signal SIGUSR1 thrown\n');
        }
      }).then((fake) => (server = fake));
    }, 150);
    const client = await connectManagement(path, {
      timeoutMs: 3000,
      retryMs: 50,
      onNotification: (line) => notifications.push(line),
    });
    const [status, killed, missing, signalled] = await Promise.allSettled([
      client.command('status 3'),
      client.command('kill deva'),
      client.command('kill nobody'),
      client.command('signal SIGUSR1'),
    ]);
    expect(status.status === 'fulfilled' && parseStatus(status.value)).toHaveLength(2);
    expect(killed).toEqual({
      status: 'fulfilled',
      value: ["SUCCESS: common name 'deva' found, 1 client(s) killed"],
    });
    expect(missing.status === 'rejected' && String(missing.reason)).toContain(
      "common name 'nobody' not found",
    );
    expect(signalled.status).toBe('fulfilled');
    expect(received).toEqual(['status 3', 'kill deva', 'kill nobody', 'signal SIGUSR1']);
    expect(notifications).toEqual([
      ">INFO:OpenVPN Management Interface Version 5 -- type 'help' for more info",
      '>LOG:1796020510,,a log line',
    ]);
    client.close();
  });

  it('fails what is pending when OpenVPN goes away', async () => {
    dir = mkdtempSync(join(tmpdir(), 'nf-mgmt-'));
    const path = join(dir, 'mgmt.sock');
    server = await fakeOpenvpn(path, (_line, socket) => socket.destroy());
    let closed = false;
    const client = await connectManagement(path, { onClose: () => (closed = true) });
    await expect(client.command('status 3')).rejects.toThrow(/closed/);
    expect(closed).toBe(true);
    expect(client.closed).toBe(true);
    await expect(client.command('state')).rejects.toThrow(/closed/);
  });

  it('gives up when the socket never appears', async () => {
    dir = mkdtempSync(join(tmpdir(), 'nf-mgmt-'));
    await expect(
      connectManagement(join(dir, 'none.sock'), { timeoutMs: 200, retryMs: 50 }),
    ).rejects.toThrow(/ENOENT/);
  });
});
