import type { Config } from '@/config';
import { describeError, redactUrl } from '@/lib/connection-errors';
import { RedisConnectionError } from '@/redis/client';
import type { Output } from './cli-error';
import type { DoctorProbes, PortState } from './doctor-probes';

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface Check {
  status: CheckStatus;
  name: string;
  message: string;
}

const GIB = 1024 ** 3;
const PROBE_TIMEOUT_MS = 8000;
/** Opening the embedded database reads it from disk; PostgreSQL's own connect timeout is 10 s. */
const DATABASE_TIMEOUT_MS = 30_000;
/** Where the hub supervisor looks for openvpn when OPENVPN_PATH is unset (a non-root PATH lacks sbin). */
const OPENVPN_CANDIDATES = ['openvpn', '/usr/sbin/openvpn', '/usr/local/sbin/openvpn'];

const check = (status: CheckStatus, name: string, message: string): Check => ({
  status,
  name,
  message,
});

/** A probe that hangs (a firewall dropping packets) must not hang the doctor. */
const bounded = <T>(work: Promise<T>, ms = PROBE_TIMEOUT_MS): Promise<T> =>
  Promise.race([
    work,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms).unref(),
    ),
  ]);

const portCheck = (
  name: string,
  setting: string,
  port: number,
  host: string,
  state: PortState,
  netfleetRunning: boolean,
): Check => {
  if (state === 'free') return check('ok', name, `${setting} ${port} is free`);
  if (state === 'no-privilege') {
    return check('fail', name, `${setting} ${port} needs privileges: set ${setting} above 1023.`);
  }
  if (state === 'bad-host') {
    return check('fail', name, `HOST=${host} is not an address of this machine: set HOST.`);
  }
  return netfleetRunning
    ? check('ok', name, `${setting} ${port} is in use by the running netfleet`)
    : check(
        'fail',
        name,
        `${setting} ${port} is in use by another program: stop it or set ${setting} to a free port.`,
      );
};

const portChecks = async (config: Config, probes: DoctorProbes): Promise<Check[]> => {
  const http = await bounded(probes.portState(config.host, config.port));
  const mqtt = config.mqttUrl
    ? null
    : await bounded(probes.portState(config.host, config.mqttPort));
  // Only a taken port raises the question whose it is.
  const running =
    http === 'in-use' || mqtt === 'in-use'
      ? await bounded(probes.netfleetAnswers(config.instanceUrl)).catch(() => false)
      : false;
  const checks = [portCheck('port', 'PORT', config.port, config.host, http, running)];
  if (mqtt) {
    checks.push(portCheck('mqtt port', 'MQTT_PORT', config.mqttPort, config.host, mqtt, running));
  }
  return checks;
};

const databaseCheck = async (config: Config, probes: DoctorProbes): Promise<Check> => {
  const where = config.databaseUrl
    ? `PostgreSQL at DATABASE_URL=${redactUrl(config.databaseUrl)}`
    : `the embedded database in DATA_DIR=${config.dataDir}`;
  const found = await bounded(probes.database(config), DATABASE_TIMEOUT_MS);
  switch (found.state) {
    case 'unreachable':
      return check('fail', 'database', found.message);
    case 'absent':
      return check('ok', 'database', `${where} does not exist yet: the first start creates it`);
    case 'in-use':
      return check(
        'ok',
        'database',
        `${where} is open in the running netfleet (pid ${found.pid}), which migrated it at its start`,
      );
    case 'ok':
      return found.pending.length === 0
        ? check('ok', 'database', `${where} is reachable and its migrations are current`)
        : check(
            'warn',
            'database',
            `${where} lacks ${found.pending.length} migration(s) (${found.pending.join(', ')}): run netfleet migrate (the server also applies them at start).`,
          );
  }
};

const brokerCheck = async (config: Config, probes: DoctorProbes): Promise<Check> => {
  if (!config.mqttUrl) {
    return check('ok', 'broker', `embedded (Aedes on MQTT_PORT ${config.mqttPort})`);
  }
  const url = redactUrl(config.mqttUrl);
  try {
    await bounded(probes.mqttConnect(config.mqttUrl));
  } catch (error) {
    return check(
      'fail',
      'broker',
      `Cannot connect to the MQTT broker at MQTT_URL=${url}: ${describeError(error)}; start it or fix MQTT_URL.`,
    );
  }
  return check('ok', 'broker', `MQTT_URL=${url} accepted a connection`);
};

const redisCheck = async (config: Config, probes: DoctorProbes): Promise<Check> => {
  if (!config.redisUrl) return check('ok', 'redis', 'REDIS_URL not set: one instance, in memory');
  const url = redactUrl(config.redisUrl);
  try {
    await bounded(probes.redisPing(config.redisUrl));
  } catch (error) {
    const reason =
      error instanceof RedisConnectionError
        ? error.message
        : `Redis at REDIS_URL=${url} did not answer PING: ${describeError(error)}`;
    return check('fail', 'redis', `${reason}; start it or fix REDIS_URL.`);
  }
  return check('ok', 'redis', `REDIS_URL=${url} answered PING`);
};

const smtpCheck = async (config: Config, probes: DoctorProbes): Promise<Check> => {
  if (!config.smtpUrl) {
    return check(
      'warn',
      'smtp',
      'SMTP_URL not set: mail goes to the outbox (Mail logs → Outbox); set SMTP_URL to send it.',
    );
  }
  const url = redactUrl(config.smtpUrl);
  try {
    await bounded(probes.smtpVerify(config.smtpUrl));
  } catch (error) {
    return check(
      'fail',
      'smtp',
      `The mail server at SMTP_URL=${url} did not accept us: ${describeError(error)}; fix SMTP_URL.`,
    );
  }
  return check('ok', 'smtp', `SMTP_URL=${url} answered EHLO`);
};

const diskCheck = async (config: Config, probes: DoctorProbes): Promise<Check> => {
  const free = await bounded(probes.diskFree(config.dataDir));
  const shown = `${(free / GIB).toFixed(1)} GiB free for DATA_DIR=${config.dataDir}`;
  return free < GIB
    ? check('warn', 'disk', `only ${shown}: free space or move DATA_DIR to a larger disk.`)
    : check('ok', 'disk', shown);
};

/** Hubs are optional: where they cannot run the rest works, so these are warnings. */
const vpnChecks = async (config: Config, probes: DoctorProbes): Promise<Check[]> => {
  if (!config.vpnHubs) return [check('ok', 'vpn hubs', 'off on this instance (VPN_HUBS=false)')];
  const off = 'or set VPN_HUBS=false if this instance runs no VPN hubs';
  let tun: Check;
  try {
    await bounded(probes.openTun());
    tun = check('ok', 'tun', '/dev/net/tun opens');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    tun =
      code === 'ENOENT'
        ? check(
            'warn',
            'tun',
            `/dev/net/tun is missing: load the tun module (modprobe tun; in a container --device /dev/net/tun), ${off}.`,
          )
        : check(
            'warn',
            'tun',
            `/dev/net/tun cannot be opened (${code ?? describeError(error)}): run netfleet as root or with CAP_NET_ADMIN, ${off}.`,
          );
  }
  const candidates = config.openvpnPath ? [config.openvpnPath] : OPENVPN_CANDIDATES;
  let found: { binary: string; version: string } | null = null;
  for (const binary of candidates) {
    const version = await bounded(probes.openvpnVersion(binary)).catch(() => null);
    if (version) {
      found = { binary, version };
      break;
    }
  }
  const openvpn = found
    ? check('ok', 'openvpn', `OpenVPN ${found.version} (${found.binary})`)
    : config.openvpnPath
      ? check(
          'warn',
          'openvpn',
          `OpenVPN not found at OPENVPN_PATH=${config.openvpnPath}: point it at the openvpn binary, ${off}.`,
        )
      : check('warn', 'openvpn', `OpenVPN is not installed: apt-get install openvpn, ${off}.`);
  return [tun, openvpn];
};

/** A probe that throws is that check failing, with the reason; the others still run. */
const guarded = async (name: string, run: () => Promise<Check | Check[]>): Promise<Check[]> => {
  try {
    return [await run()].flat();
  } catch (error) {
    return [check('fail', name, describeError(error))];
  }
};

export const doctorChecks = async (config: Config, probes: DoctorProbes): Promise<Check[]> => {
  const groups = await Promise.all([
    guarded('port', () => portChecks(config, probes)),
    guarded('database', () => databaseCheck(config, probes)),
    guarded('broker', () => brokerCheck(config, probes)),
    guarded('redis', () => redisCheck(config, probes)),
    guarded('smtp', () => smtpCheck(config, probes)),
    guarded('disk', () => diskCheck(config, probes)),
    guarded('vpn hubs', () => vpnChecks(config, probes)),
  ]);
  return groups.flat();
};

export const formatCheck = (c: Check) => `${c.status.padEnd(4)}  ${c.name.padEnd(9)} ${c.message}`;

/** Prints one line per check; exit status 1 when any failed (warnings do not). */
export const runDoctor = async (
  config: Config,
  probes: DoctorProbes,
  out: Output,
): Promise<number> => {
  const checks = await doctorChecks(config, probes);
  for (const c of checks) out(formatCheck(c));
  const failed = checks.filter((c) => c.status === 'fail').length;
  out(failed === 0 ? 'No problem found.' : `${failed} check(s) failed: fix them and run it again.`);
  return failed === 0 ? 0 : 1;
};
