import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:net';
import { PassThrough } from 'node:stream';
import type { SpawnVpn, VpnProcess } from '../linux/openvpn-client.ts';

// A stand-in for the openvpn program in tests: a "process" that serves the management socket its
// arguments name, answering `state`, `status` and `signal` as OpenVPN 2.6 does.

export class FakeOpenvpn extends EventEmitter implements VpnProcess {
  readonly pid = 4242;
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  /** The line `state` answers with. */
  state = '1750000000,WAIT,,,,,,';
  bytes = { sent: 108, received: 0 };
  readonly signals: NodeJS.Signals[] = [];
  private server: Server | null = null;
  private exited = false;

  constructor(
    readonly file: string,
    readonly args: readonly string[],
  ) {
    super();
  }

  get socketPath(): string {
    return this.args[this.args.indexOf('--management') + 1] ?? '';
  }

  /** Opens the management socket, as OpenVPN does once its options are read. */
  listen(): this {
    this.server = createServer((socket) => {
      socket.write(">INFO:OpenVPN Management Interface Version 5 -- type 'help' for more info\r\n");
      socket.on('data', (chunk) => {
        for (const command of chunk.toString().split('\n').filter(Boolean)) {
          socket.write(this.answer(command));
          if (command === 'signal SIGTERM') setImmediate(() => this.exit(0, null));
        }
      });
    });
    this.server.listen(this.socketPath);
    return this;
  }

  /** Prints `lines` and exits with `code`, as OpenVPN refusing its options does. */
  fail(code: number, ...lines: string[]): void {
    for (const line of lines) this.stdout.write(`${line}\n`);
    this.exit(code, null);
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    this.signals.push(signal);
    setImmediate(() =>
      this.exit(signal === 'SIGKILL' ? null : 0, signal === 'SIGKILL' ? signal : null),
    );
    return true;
  }

  exit(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.exited) return;
    this.exited = true;
    // Closing a unix socket server removes its file, as OpenVPN does on exit.
    this.server?.close();
    this.stdout.end();
    this.stderr.end();
    setImmediate(() => this.emit('close', code, signal));
  }

  private answer(command: string): string {
    if (command === 'state') return `${this.state}\r\nEND\r\n`;
    if (command === 'status') {
      return [
        'OpenVPN STATISTICS',
        'Updated,2025-06-15 12:00:00',
        `TCP/UDP read bytes,${this.bytes.received}`,
        `TCP/UDP write bytes,${this.bytes.sent}`,
        'END',
        '',
      ].join('\r\n');
    }
    if (command.startsWith('signal ')) return `SUCCESS: ${command} thrown\r\n`;
    return "ERROR: unknown command, enter 'help' for more options\r\n";
  }
}

/**
 * A spawner of fake OpenVPNs: each listens at once unless `behave` says otherwise (it gets the
 * process before anything happens to it). `spawned` lists them in order.
 */
export const fakeOpenvpnSpawner = (behave?: (process: FakeOpenvpn) => void) => {
  const spawned: FakeOpenvpn[] = [];
  const spawn: SpawnVpn = (file, args) => {
    const process = new FakeOpenvpn(file, args);
    spawned.push(process);
    setImmediate(() => (behave ? behave(process) : process.listen()));
    return process;
  };
  return { spawn, spawned };
};
