// A private Mosquitto for the scale-out benchmark, on a free port of 127.0.0.1: no persistence,
// anonymous access (it checks no device credential: with MQTT_URL that is the broker's job, see
// docs/scale-out.md), and queues deep enough to hold the fleet's readings while the servers are
// behind. What still overflows is dropped by Mosquitto and shows up as loss.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { TOPIC_ROOT } from '@netfleet/contracts';
import { accepting } from '@test/mosquitto';
import { freePort } from './server-process';
import { terminate } from './terminate';

/** Messages queued per client (a server behind): 100 s of readings at 10,000 a second. */
const MAX_QUEUED_MESSAGES = 1_000_000;
/** QoS 1 messages in flight to one client; the default 20 throttles a server's subscription. */
const MAX_INFLIGHT_MESSAGES = 1000;
const START_TIMEOUT_MS = 10_000;
/**
 * What a bridge carries: only the server → device topics. Device messages stay on the broker the
 * device is on and are taken by the server subscribed there, so each is processed once; a
 * command or configuration either server publishes reaches the device wherever it is connected.
 */
const BRIDGED_TOPICS = ['cfg', 'cmd', 'tun'].map((leaf) => `${TOPIC_ROOT}/d/+/${leaf}`);

const bridgeLines = (url: string) => [
  'connection netfleet-bridge',
  `address ${new URL(url).host}`,
  'cleansession true',
  ...BRIDGED_TOPICS.map((topic) => `topic ${topic} both 1`),
];

/** `bridgeTo`: the URL of another Mosquitto to bridge the server → device topics with. */
export const startMosquitto = async (options: { bridgeTo?: string } = {}) => {
  const dir = mkdtempSync(join(tmpdir(), 'nf-mosquitto-'));
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      `max_queued_messages ${MAX_QUEUED_MESSAGES}`,
      `max_inflight_messages ${MAX_INFLIGHT_MESSAGES}`,
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      ...(options.bridgeTo ? bridgeLines(options.bridgeTo) : []),
      '',
    ].join('\n'),
  );
  const child = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let failed: Error | null = null;
  child.once('error', (error) => (failed = error));
  let logLines = 0;
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (logLines++ < 10) console.error(`mosquitto: ${line}`);
  });
  const stop = async () => {
    await terminate(child, 10_000, 'mosquitto');
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await accepting(port))) {
    if (failed || child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`mosquitto did not start on port ${port}: ${failed ?? 'see its output'}`);
    }
    await sleep(100);
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    /** Lines it logged: errors and warnings, such as messages dropped from a full queue. */
    logLines: () => logLines,
    stop,
  };
};
