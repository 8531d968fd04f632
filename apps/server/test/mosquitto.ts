import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/** Whether something accepts TCP connections on this port of 127.0.0.1 now. */
export const accepting = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export interface PrivateMosquittoOptions {
  /** More mosquitto.conf lines, given the broker's own directory (for a log file there). */
  conf?: (dir: string) => string[];
}

/**
 * A private Mosquitto on a random local port with on-disk persistence, for tests that stop and
 * restart a broker. Never the system one on 1883. NF_MOSQ_LOG=1 shows its log.
 */
export const startPrivateMosquitto = async ({ conf = () => [] }: PrivateMosquittoOptions = {}) => {
  const dir = mkdtempSync(join(tmpdir(), 'nf-mosquitto-'));
  const port = await freePort();
  const confPath = join(dir, 'mosquitto.conf');
  writeFileSync(
    confPath,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      // Started as root, Mosquitto switches to the `mosquitto` user, which cannot write here.
      `user ${userInfo().username}`,
      'persistence true',
      `persistence_location ${dir}/`,
      // Before the caller's lines: a `log_dest file` there adds to this one.
      process.env.NF_MOSQ_LOG ? 'log_dest stderr' : 'log_dest none',
      ...conf(dir),
      '',
    ].join('\n'),
  );
  let child: ChildProcess | null = null;

  const start = async () => {
    const started = spawn('mosquitto', ['-c', confPath], {
      stdio: process.env.NF_MOSQ_LOG ? 'inherit' : 'ignore',
    });
    child = started;
    const deadline = Date.now() + 10_000;
    while (!(await accepting(port))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        throw new Error(`mosquitto did not start on port ${port}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** SIGTERM: Mosquitto writes its persistence file (sessions, queued messages) on the way out. */
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };

  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    dir,
    start,
    stop,
    async restart() {
      await stop();
      await start();
    },
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
