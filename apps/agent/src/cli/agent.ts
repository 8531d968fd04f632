import os from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { macSchema, imeiSchema, serialSchema, claimSecretSchema } from '@netfleet/contracts';
import { createHubSupervisor } from '@netfleet/openvpn-hub';
import { DeviceSession } from '../device-session.ts';
import { enrol } from '../enrol.ts';
import { AgentConfigStore } from '../linux/agent-config.ts';
import { AlertStore } from '../linux/alert-store.ts';
import { CollectStore } from '../linux/collect-store.ts';
import { createHubMode, hubLogger, type HubMode } from '../linux/hub-mode.ts';
import { loadAgentState, saveAgentState, type AgentState } from '../linux/agent-state.ts';
import {
  DEFAULT_PASSWORD_USER,
  isValidUserName,
  runLinuxCommand,
} from '../linux/linux-commands.ts';
import { linuxLocalApi } from '../linux/local-api.ts';
import { parsePathList } from '../linux/path-list.ts';
import { openTcpTarget, parsePorts } from '../linux/tunnel-target.ts';
import { detectPlatform, isValidModel, primaryInterface, readLinux } from '../linux/system.ts';
import { VpnClients } from '../linux/vpn-clients.ts';
import type { Credential, DeviceIdentity } from '../types.ts';
import { fail } from './args.ts';

export const AGENT = 'netfleet-agent/0.1.0';

const USAGE = `netfleet-agent --mqtt URL --claim SECRET [options]

Connects this Linux box to netfleet: enrols once with the claim secret shown when the device was
added, then reports telemetry and runs commands.

  --mqtt URL             broker (default mqtt://127.0.0.1:1884)
  --serial S             serial number (default: the first interface's MAC, without colons)
  --mac M | --imei I     identity registered for the device (default: the first interface's MAC)
  --claim SECRET         one-time claim secret (needed for the first start only)
  --model M              model name (default OPENWRT or LINUX)
  --firmware F           firmware string (default from /etc/version, /etc/openwrt_release or the kernel)
  --state PATH           credential file (default .netfleet-agent/state.json); config.json
                         beside it keeps the settings config_set jobs change, collect.json
                         the data-collect configs collect_config jobs set, alerts.json
                         the device alert configs alerts_config jobs set, vpn.json and
                         nf_hub_<id>.ovpn the VPN hubs vpn_join jobs made it a client of
  --download-dir DIR     where firmware images go (default .netfleet-agent/downloads)
  --allow-reboot         obey reboot commands (otherwise they are rejected)
  --allow-firmware PATH  install downloaded firmware with this script (otherwise downloads only)
  --allow-password-change
                         obey set_password commands with chpasswd (otherwise they are rejected)
  --password-user NAME   whose password set_password sets (default ${DEFAULT_PASSWORD_USER})
  --backup-paths LIST    absolute paths (files or directories, comma-separated) that backups
                         hold besides the agent's settings (etc/config/netfleet), and that a
                         restore may write back (default: none, the settings only)
  --allow-restore        obey backup_restore commands: write back the settings and the files
                         under --backup-paths (otherwise they are rejected)
  --file-paths LIST      absolute paths (files or directories, comma-separated) at or under
                         which file_put may write and file_get read regular files, never
                         through a symlink (default: none, both are rejected)
  --tunnel-ports LIST    ports remote access may reach on this box and its private LANs
                         (default 22,23,80,443,5900; e.g. 1-65535)
  --hub                  hub mode: run the VPN hubs (OpenVPN servers) of the hub zone this
                         device is registered as, with the vpn_hub_* commands (otherwise
                         they are rejected); needs root, /dev/net/tun and openvpn
  --hub-dir DIR          where hub mode keeps each hub's keys and configuration, in
                         DIR/vpn/hubs/<id> (default: the --state file's directory)
  --hub-netns NAME       run the hubs inside this network namespace (ip netns exec)
  --help

Environment:
  AGENT_OPENVPN_PATH     the openvpn program VPN hub clients and hubs run (default: openvpn on
                         PATH, /usr/sbin or /sbin); they need root and /dev/net/tun
`;

const valid = <T>(
  name: string,
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  value: string,
) => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) fail(`--${name} is not valid: ${value}`, USAGE);
  return parsed.data as T;
};

const identityFromFlags = async (
  values: Record<string, string | boolean | undefined>,
): Promise<DeviceIdentity> => {
  const platform = await detectPlatform();
  const nic = primaryInterface();
  const str = (key: string) =>
    typeof values[key] === 'string' ? (values[key] as string) : undefined;
  const imei = str('imei');
  const mac = str('mac') ?? (imei ? undefined : nic?.mac);
  const serial = str('serial') ?? mac?.replace(/:/g, '');
  if (!serial) fail('--serial is required (no network interface to derive it from)', USAGE);
  const model = (str('model') ?? platform.model).toUpperCase();
  if (!isValidModel(model)) fail(`--model is not valid: ${model}`, USAGE);
  return {
    serial: valid<string>('serial', serialSchema, serial as string),
    model,
    firmware: str('firmware') ?? platform.firmware,
    ...(imei ? { imei: valid<string>('imei', imeiSchema, imei) } : {}),
    ...(mac ? { mac: valid<string>('mac', macSchema, mac) } : {}),
  };
};

const main = async () => {
  const { values } = parseArgs({
    options: {
      mqtt: { type: 'string', default: 'mqtt://127.0.0.1:1884' },
      serial: { type: 'string' },
      mac: { type: 'string' },
      imei: { type: 'string' },
      claim: { type: 'string' },
      model: { type: 'string' },
      firmware: { type: 'string' },
      state: { type: 'string', default: '.netfleet-agent/state.json' },
      'download-dir': { type: 'string', default: '.netfleet-agent/downloads' },
      'tunnel-ports': { type: 'string', default: '22,23,80,443,5900' },
      'allow-reboot': { type: 'boolean', default: false },
      'allow-firmware': { type: 'string' },
      'allow-password-change': { type: 'boolean', default: false },
      'password-user': { type: 'string', default: DEFAULT_PASSWORD_USER },
      'backup-paths': { type: 'string', default: '' },
      'allow-restore': { type: 'boolean', default: false },
      'file-paths': { type: 'string', default: '' },
      hub: { type: 'boolean', default: false },
      'hub-dir': { type: 'string' },
      'hub-netns': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const passwordUser = values['password-user'];
  if (!isValidUserName(passwordUser)) fail(`--password-user is not valid: ${passwordUser}`, USAGE);
  const backupPaths =
    parsePathList(values['backup-paths']) ??
    fail(`--backup-paths is not a list of absolute paths: ${values['backup-paths']}`, USAGE);
  const filePaths =
    parsePathList(values['file-paths']) ??
    fail(`--file-paths is not a list of absolute paths: ${values['file-paths']}`, USAGE);
  const log = (message: string) => process.stderr.write(`${new Date().toISOString()} ${message}\n`);
  const statePath = resolve(values.state);
  const identity = await identityFromFlags(values);
  const state: AgentState = await loadAgentState(statePath);
  const save = () => saveAgentState(statePath, state);
  const config = await AgentConfigStore.load(join(dirname(statePath), 'config.json'), log);
  const collect = await CollectStore.load(join(dirname(statePath), 'collect.json'), log);
  const alerts = await AlertStore.load(join(dirname(statePath), 'alerts.json'), log);
  const vpn = await VpnClients.load({
    dir: dirname(statePath),
    ...(process.env.AGENT_OPENVPN_PATH ? { openvpnPath: process.env.AGENT_OPENVPN_PATH } : {}),
    // Distributions install openvpn in sbin, which a user's PATH often leaves out.
    searchPath: [process.env.PATH, '/usr/sbin', '/sbin'].filter(Boolean).join(delimiter),
    // A hub client that connects or drops shows in the console without waiting for the period.
    onChange: () => session.sendReading('vpn'),
    log,
  });
  const hubDir = resolve(values['hub-dir'] ?? dirname(statePath));
  const hub: HubMode | null = values.hub
    ? createHubMode({
        runtime: createHubSupervisor({
          dataDir: hubDir,
          openvpnPath: process.env.AGENT_OPENVPN_PATH,
          netns: values['hub-netns'],
          log: hubLogger(log),
          words: {
            pathVariable: 'AGENT_OPENVPN_PATH',
            host: 'this hub machine',
            program: 'netfleet-agent',
          },
        }),
        dataDir: hubDir,
        publish: (message) => session.publishHubState(message),
        log,
      })
    : null;
  if (hub) {
    const host = await hub.probe();
    log(
      host.available
        ? `hub mode: OpenVPN ${host.version}, hubs in ${join(hubDir, 'vpn', 'hubs')}`
        : `hub mode: this machine cannot run hubs: ${host.reason} ${host.fix}`,
    );
  }

  let credential: Credential | null =
    state.device_id && state.username && state.password
      ? { device_id: state.device_id, username: state.username, password: state.password }
      : null;
  if (!credential) {
    if (!values.claim)
      fail('--claim is required for the first start (no credential in the state file)', USAGE);
    const claim = valid<string>('claim', claimSecretSchema, values.claim as string);
    log(`enrolling ${identity.serial} (${identity.model}, ${identity.firmware})`);
    credential = await enrol({ mqttUrl: values.mqtt, identity, claim });
    Object.assign(state, credential);
    await save();
    log(`enrolled as device ${credential.device_id}`);
  }

  // Jobs that ended with the previous process (a reboot, a firmware install) count as done.
  const finished = state.pending.splice(0);
  for (const job of finished) if (!state.done_jobs.includes(job.id)) state.done_jobs.push(job.id);
  if (finished.length) await save();

  const tunnelPorts =
    parsePorts(values['tunnel-ports']) ??
    fail(`--tunnel-ports is not a port list: ${values['tunnel-ports']}`, USAGE);
  const session: DeviceSession = new DeviceSession({
    mqttUrl: values.mqtt,
    credential,
    agent: AGENT,
    doneJobs: state.done_jobs,
    collectConfigs: collect.configs(),
    alertSet: alerts.set(),
    log,
    behaviour: {
      identity: () => identity,
      uptime: () => os.uptime(),
      read: (category) => (category === 'vpn' ? vpn.reading() : readLinux(category)),
      openStream: openTcpTarget(tunnelPorts),
      localApi: linuxLocalApi({ identity }),
      ...(hub ? { hubHost: () => hub.host() } : {}),
      execute: (command, context) =>
        runLinuxCommand(command, context, {
          allowReboot: values['allow-reboot'],
          allowPasswordChange: values['allow-password-change'],
          passwordUser,
          backupPaths,
          allowRestore: values['allow-restore'],
          filePaths,
          ...(values['allow-firmware']
            ? { firmwareScript: resolve(values['allow-firmware']) }
            : {}),
          downloadDir: resolve(values['download-dir']),
          config,
          collect,
          alerts,
          vpn,
          ...(hub ? { hub } : {}),
          markPending: async (id, type) => {
            state.pending.push({ id, type });
            await save();
          },
          clearPending: async (id) => {
            state.pending = state.pending.filter((p) => p.id !== id);
            await save();
          },
        }),
    },
    onJobsChanged: (done) => {
      state.done_jobs = done;
      void save();
    },
    onOnline: () => {
      log(`online as device ${session.deviceId}`);
      // For the next hello: openvpn may have been installed or removed meanwhile.
      hub?.probe().catch((error: Error) => log(`hub mode: probe failed: ${error.message}`));
      for (const job of finished.splice(0)) {
        void session.ack({
          id: job.id,
          status: 'completed',
          message: `${job.type} done, agent restarted`,
        });
      }
    },
    onRefused: (code) => {
      log(
        `the broker refused the credential (CONNACK ${code}); remove ${statePath} and enrol again with a new claim secret`,
      );
      process.exit(3);
    },
  });
  session.start();
  void vpn.startAll();
  const stop = async () => {
    // The hub clients go down with the agent; the next start brings them back from vpn.json.
    // Hubs go down too; after the next hello the server sends them again.
    await Promise.all([session.stop(), vpn.stopAll(), hub?.close()]);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
};

main().catch((error: unknown) => {
  process.stderr.write(
    `netfleet-agent: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
