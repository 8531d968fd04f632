// A private Mosquitto for the broker outage (never the system one on 1883, which other tiers
// use): persistence on, so the server's persistent session and what the broker acknowledged
// survive a stop; every connection logged with its second, so a scenario can count reconnects.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../../../bench/lib/server-process';
import { accepting } from '@test/mosquitto';

/** Why the scenario cannot run here, or null. */
export const mosquittoMissing = (): string | null =>
  spawnSync('mosquitto', ['-h'], { stdio: 'ignore' }).error
    ? 'the mosquitto binary is not installed'
    : null;

/** `mosquitto` logs `<epoch seconds>: New client connected from <addr> as <client id> (...)`. */
const CONNECTED = /^(\d+): New client connected from \S+ as (\S+) /;

export const startFaultMosquitto = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'nf-fault-mosquitto-'));
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  const log = join(dir, 'mosquitto.log');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      // Started as root, Mosquitto switches to the `mosquitto` user, which cannot write here.
      `user ${userInfo().username}`,
      'persistence true',
      `persistence_location ${dir}/`,
      // Deep enough for the readings that arrive while the server resubscribes.
      'max_queued_messages 100000',
      'max_inflight_messages 1000',
      `log_dest file ${log}`,
      'log_type notice',
      'log_timestamp true',
      'connection_messages true',
      '',
    ].join('\n'),
  );
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
    child = started;
    const deadline = Date.now() + 10_000;
    while (!(await accepting(port))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        throw new Error(`mosquitto did not start on port ${port}`);
      }
      await sleep(50);
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
    start,
    stop,
    /** Every connection of a client whose id `matches`, as [epoch second, client id]. */
    connections(matches: (clientId: string) => boolean): [number, string][] {
      return readFileSync(log, 'utf8')
        .split('\n')
        .flatMap((line) => {
          const found = CONNECTED.exec(line);
          return found && matches(found[2] as string)
            ? [[Number(found[1]), found[2] as string] as [number, string]]
            : [];
        });
    },
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
