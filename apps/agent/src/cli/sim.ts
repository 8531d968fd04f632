import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startFleet } from '../sim/fleet.ts';
import { DEFAULT_PASSWORD_FAILURE_RATE } from '../sim/sim-commands.ts';
import { describeNotConnected } from '../sim/not-connected.ts';
import { fail, fractionFlag, intFlag } from './args.ts';

const USAGE = `netfleet-sim --devices N [options]

Runs N simulated devices in one process. Devices missing from the state file are added through
the API (needs --url and --token or --email/--password), then enrolled over MQTT.

  --devices N          number of devices (required)
  --mqtt URL           broker (default mqtt://127.0.0.1:1884, the embedded broker)
  --url URL            netfleet server, to add missing devices (e.g. http://127.0.0.1:8080)
  --token TOKEN        personal access token (nf_pat_...), or:
  --email E --password P   sign in with cookies
  --company-id ID      company to add devices to (default: your own)
  --state PATH         credentials file (default .netfleet-sim/state.json)
  --seed N             fleet seed: models, serials and random walks (default 1)
  --interval MS        bench mode: dynamic telemetry from every device every MS
  --duration S         stop after S seconds
  --concurrency N      connections opened at once (default 200)
  --stats S            seconds between stats lines (default 5, 0 = off)
  --vnc-target H:P     what the devices' VNC port (5900) reaches, e.g. x11vnc on 127.0.0.1:5901
  --ssh-key FILE       an OpenSSH public key the devices' SSH servers accept for root
                       (root's password is admin01, the web UI's admin password too, until a
                       set_password job changes it)
  --password-failure-rate F
                       fraction of devices whose set_password fails, fixed per serial and
                       seed (default ${DEFAULT_PASSWORD_FAILURE_RATE}; 0 = never, 1 = always)
  --job-failure-rate F fraction of reboot, firmware update, command, config_set, backup and
                       file_put jobs that fail, drawn per job so a retry may succeed (default 0)
  --offline-share F    fraction of devices (fixed per serial and seed) that drop off once,
  --offline-after S    S seconds after the ramp (default 60),
  --offline-for S      for S seconds (default 300): exercises a task's validity window
  --verbose            log per-device events
  --help
`;

const hostPort = (value: string) => {
  const match = /^([A-Za-z0-9.-]+):(\d{1,5})$/.exec(value);
  if (!match) return fail(`--vnc-target must be host:port, not ${value}`, USAGE);
  return { host: match[1] as string, port: Number(match[2]) };
};

const main = async () => {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string' },
      mqtt: { type: 'string', default: 'mqtt://127.0.0.1:1884' },
      url: { type: 'string' },
      token: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'company-id': { type: 'string' },
      state: { type: 'string', default: '.netfleet-sim/state.json' },
      seed: { type: 'string' },
      interval: { type: 'string' },
      duration: { type: 'string' },
      concurrency: { type: 'string' },
      stats: { type: 'string' },
      'vnc-target': { type: 'string' },
      'ssh-key': { type: 'string' },
      'password-failure-rate': { type: 'string' },
      'job-failure-rate': { type: 'string' },
      'offline-share': { type: 'string' },
      'offline-after': { type: 'string' },
      'offline-for': { type: 'string' },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const devices = intFlag('devices', values.devices, 0);
  if (devices < 1) fail('--devices is required', USAGE);
  const companyId = intFlag('company-id', values['company-id'], 0);
  const interval = intFlag('interval', values.interval, 0);
  const duration = intFlag('duration', values.duration, 0);
  const statsEvery = intFlag('stats', values.stats, 5);
  const passwordFailureRate = fractionFlag(
    'password-failure-rate',
    values['password-failure-rate'],
    DEFAULT_PASSWORD_FAILURE_RATE,
  );
  const jobFailureRate = fractionFlag('job-failure-rate', values['job-failure-rate'], 0);
  const offlineShare = fractionFlag('offline-share', values['offline-share'], 0);
  const outage = offlineShare
    ? {
        share: offlineShare,
        afterMs: intFlag('offline-after', values['offline-after'], 60) * 1000,
        forMs: intFlag('offline-for', values['offline-for'], 300) * 1000,
      }
    : null;
  const log = (message: string) => process.stderr.write(`${message}\n`);

  const fleet = await startFleet({
    devices,
    seed: intFlag('seed', values.seed, 1),
    mqttUrl: values.mqtt,
    statePath: resolve(values.state),
    concurrency: intFlag('concurrency', values.concurrency, 200) || 200,
    passwordFailureRate,
    jobFailureRate,
    ...(outage ? { outage } : {}),
    ...(interval ? { intervalMs: interval } : {}),
    ...(values.url
      ? {
          api: {
            url: values.url,
            ...(values.token ? { token: values.token } : {}),
            ...(values.email ? { email: values.email } : {}),
            ...(values.password ? { password: values.password } : {}),
            ...(companyId ? { companyId } : {}),
          },
        }
      : {}),
    ...(values.verbose ? { log } : {}),
    services: {
      vncTarget: values['vnc-target'] ? hostPort(values['vnc-target']) : undefined,
      authorizedKeys: values['ssh-key'] ? [readFileSync(values['ssh-key'], 'utf8').trim()] : [],
    },
  });
  const c = fleet.counters;
  let lastSent = 0;
  const stats = statsEvery
    ? setInterval(() => {
        const rate = Math.round((c.sent - lastSent) / statsEvery);
        lastSent = c.sent;
        const rss = Math.round(process.memoryUsage().rss / 1024 / 1024);
        log(
          `connected=${c.connected}/${devices} sent=${c.sent} (${rate}/s) acked=${c.acked} commands=${c.commands} enrolled=${c.enrolled} refused=${c.refused} errors=${c.errors} rss=${rss}MB; ${describeNotConnected(fleet.notConnected())}`,
        );
      }, statsEvery * 1000)
    : null;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    if (stats) clearInterval(stats);
    await fleet.stop();
    log(`stopped: sent=${c.sent} acked=${c.acked} commands=${c.commands} errors=${c.errors}`);
    log(`at the stop: ${describeNotConnected(fleet.notConnected())}`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  if (duration) setTimeout(() => void stop(), duration * 1000);
};

main().catch((error: unknown) => {
  process.stderr.write(`netfleet-sim: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
