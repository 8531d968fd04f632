import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface VncServer {
  port: number;
  password: string;
  stop(): Promise<void>;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const stopProcess = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/**
 * A real VNC server for the desktop journey: Debian's x11vnc serving an Xvfb display, on
 * loopback with a password (the simulator forwards a device's port 5900 to it).
 */
export async function startVncServer(display: number, port: number): Promise<VncServer> {
  const password = 'e2e-vnc';
  const dir = mkdtempSync(join(tmpdir(), 'nf-vnc-'));
  // -passwdfile rather than -passwd keeps the password off the process list.
  const passwordFile = join(dir, 'passwd');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  const xvfb = spawn('Xvfb', [`:${display}`, '-screen', '0', '800x600x24', '-nolisten', 'tcp'], {
    stdio: 'ignore',
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const server = spawn(
    'x11vnc',
    [
      ...['-display', `:${display}`, '-rfbport', String(port), '-localhost'],
      ...['-forever', '-shared', '-passwdfile', passwordFile, '-quiet'],
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 15_000;
  while (!(await listening(port))) {
    if (Date.now() > deadline) throw new Error('x11vnc did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    password,
    stop: async () => {
      await stopProcess(server);
      await stopProcess(xvfb);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
