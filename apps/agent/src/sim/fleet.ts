import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { reconnectDelay } from '@netfleet/contracts';
import { DeviceSession } from '../device-session.ts';
import { STOP_TIMEOUT_MS } from '../session-end.ts';
import { EnrolRefusedError, EnrolTimeoutError, enrol } from '../enrol.ts';
import { newCounters, type Credential, type SessionCounters } from '../types.ts';
import { FleetState } from './fleet-state.ts';
import { type DeviceStanding, type NotConnected, tallyNotConnected } from './not-connected.ts';
import { forEachLimited } from './pool.ts';
import { ApiClient, type ApiOptions } from './provision.ts';
import { runSimCommand } from './sim-commands.ts';
import { firmwareSimConfig } from './sim-config-defaults.ts';
import { SimDevice } from './sim-device.ts';
import { simLocalApi } from './sim-local-api.ts';
import { simReading } from './sim-readings.ts';
import { restoredVpnClients } from './sim-vpn.ts';
import { duplexPair } from '../tunnel/duplex-pair.ts';
import { createSimServices, type SimServicesOptions } from './services/sim-services.ts';

export const SIM_AGENT = 'netfleet-sim/0.1.0';

export interface Outage {
  share: number;
  afterMs: number;
  forMs: number;
}

export interface FleetOptions {
  devices: number;
  seed: number;
  mqttUrl: string;
  /** The JSON file holding the fleet's claim secrets and credentials. */
  statePath: string;
  /** Needed only when some device has neither credential nor claim secret yet. */
  api?: ApiOptions;
  /** Bench mode: dynamic telemetry from every device every this many ms. */
  intervalMs?: number;
  /** Connections being opened at once (default 200). */
  concurrency?: number;
  /** How long a simulated reboot lasts (default 3 s). */
  rebootMs?: number;
  /** The fraction (0 to 1) of devices whose `set_password` fails (default 0.02). */
  passwordFailureRate?: number;
  /**
   * The fraction (0 to 1) of reboot, firmware, command, config_set, backup and file_put jobs that
   * fail (default 0).
   */
  jobFailureRate?: number;
  /**
   * Once, `afterMs` after the ramp, a `share` (0 to 1, fixed by the seed) of the connected
   * devices drops off for `forMs`: what a task's validity window is for.
   */
  outage?: Outage;
  /** What the devices' web UI, SSH, telnet and VNC ports answer through remote access. */
  services?: SimServicesOptions;
  log?: (message: string) => void;
}

export interface FleetCounters extends SessionCounters {
  /** Devices added through the API in this run. */
  provisioned: number;
  /** Devices enrolled over MQTT in this run. */
  enrolled: number;
  /** Devices whose enrolment or credential was refused. */
  refused: number;
  /** Enrolment attempts that got no answer in time (each is retried). */
  enrolTimeouts: number;
  /** Enrolment attempts whose connection failed (each is retried). */
  enrolErrors: number;
}

export interface Fleet {
  counters: FleetCounters;
  /** Resolves once every device has had its first connection attempt. */
  ramped: Promise<void>;
  /** Why the devices that are not connected are not; once stopping, as it was at stop(). */
  notConnected(): NotConnected;
  /** Bounded: devices still unacknowledged after STOP_BUDGET_MS are cut off. */
  stop(): Promise<void>;
}

/** How long a ramp slot waits for a device's first connection before moving on. */
const FIRST_CONNECT_WAIT_MS = 30_000;
/** stop() gives the whole fleet this long to say `offline` cleanly; later sessions are cut. */
const STOP_BUDGET_MS = 10_000;

const credentialOf = (entry: ReturnType<FleetState['get']>): Credential | null =>
  entry?.device_id && entry.username && entry.password
    ? { device_id: entry.device_id, username: entry.username, password: entry.password }
    : null;

/** Adds the devices the state file does not know, and stores their claim secrets. */
const provision = async (
  devices: SimDevice[],
  state: FleetState,
  options: FleetOptions,
  counters: FleetCounters,
) => {
  const missing = devices.filter((d) => {
    const entry = state.get(d.serial);
    return !credentialOf(entry) && !entry?.claim;
  });
  if (missing.length === 0) return;
  if (!options.api) {
    throw new Error(
      `${missing.length} devices have no credential in ${options.statePath}: pass --url with --token or --email/--password to add them`,
    );
  }
  const api = new ApiClient(options.api);
  await api.login();
  const companyId = await api.companyId();
  const claims = await api.addDevices(missing, companyId, (message) => {
    counters.errors += 1;
    options.log?.(message);
  });
  for (const [serial, claim] of claims) state.set(serial, { claim });
  counters.provisioned += claims.size;
  await state.flush();
};

interface FleetRun {
  state: FleetState;
  options: FleetOptions;
  counters: FleetCounters;
  sessions: DeviceSession[];
  /** Ramp slots waiting for a first connect; stop() releases them. */
  waiting: Set<() => void>;
  /** Aborted by stop(): enrolments and back-offs end at once. */
  stopping: AbortSignal;
  services: ReturnType<typeof createSimServices>;
}

/** A device's standing for the not-connected report; its session once it has one. */
interface Standing extends DeviceStanding {
  session?: DeviceSession;
}

/** Enrols (when needed), then connects one device; resolves at its first connect or after a wait. */
const bring = async (device: SimDevice, standing: Standing, run: FleetRun) => {
  const { state, options, counters, sessions, waiting, stopping } = run;
  const entry = state.get(device.serial);
  let credential = credentialOf(entry);
  standing.reason = 'inProgress';
  if (!credential) {
    if (!entry?.claim) {
      standing.reason = 'notProvisioned';
      return;
    }
    // A refusal is final; a time-out (a busy server) is retried with the protocol's back-off,
    // as a real device would.
    for (let attempt = 0; !credential; attempt++) {
      try {
        credential = await enrol({
          mqttUrl: options.mqttUrl,
          identity: device.identity(),
          claim: entry.claim,
          signal: stopping,
        });
      } catch (error) {
        if (stopping.aborted) return;
        options.log?.(`${device.serial}: ${(error as Error).message}`);
        if (error instanceof EnrolRefusedError) {
          counters.refused += 1;
          standing.reason = 'enrolRefused';
          return;
        }
        counters.errors += 1;
        if (error instanceof EnrolTimeoutError) {
          counters.enrolTimeouts += 1;
          standing.reason = 'enrolTimeout';
        } else {
          counters.enrolErrors += 1;
          standing.reason = 'enrolError';
        }
        await sleep(reconnectDelay(attempt), undefined, { signal: stopping }).catch(() => {});
        if (stopping.aborted) return;
      }
    }
    state.set(device.serial, credential);
    counters.enrolled += 1;
  }
  // Checked with no await before the session is added to `waiting`, so stop() cannot miss it.
  if (stopping.aborted) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(done);
      resolve();
    };
    const timer = setTimeout(done, FIRST_CONNECT_WAIT_MS);
    waiting.add(done);
    const session = new DeviceSession({
      mqttUrl: options.mqttUrl,
      credential: credential as Credential,
      agent: SIM_AGENT,
      counters,
      ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
      collectConfigs: device.collect ?? [],
      ...(device.alerts ? { alertSet: device.alerts } : {}),
      behaviour: {
        identity: () => device.identity(),
        uptime: () => device.uptime(),
        read: (category) => simReading(device, category),
        execute: (command, context) =>
          runSimCommand(device, command, context, {
            rebootMs: options.rebootMs ?? 3000,
            ...(options.passwordFailureRate !== undefined
              ? { passwordFailureRate: options.passwordFailureRate }
              : {}),
            ...(options.jobFailureRate !== undefined
              ? { jobFailureRate: options.jobFailureRate }
              : {}),
            onAdminPasswordChanged: (changed) =>
              state.set(changed.serial, {
                ...state.get(changed.serial),
                admin_password_sha256: changed.adminPasswordSha256,
              }),
            onConfigChanged: (changed) =>
              state.set(changed.serial, { ...state.get(changed.serial), config: changed.config }),
            onCollectChanged: (changed) =>
              state.set(changed.serial, { ...state.get(changed.serial), collect: changed.collect }),
            onAlertsChanged: (changed) =>
              state.set(changed.serial, { ...state.get(changed.serial), alerts: changed.alerts }),
            onFilesChanged: (changed) =>
              state.set(changed.serial, { ...state.get(changed.serial), files: changed.files }),
            onVpnChanged: (changed) =>
              state.set(changed.serial, {
                ...state.get(changed.serial),
                vpn_hubs: changed.vpnClients?.map((client) => client.hubId),
              }),
            onEsimChanged: (changed) =>
              state.set(changed.serial, {
                ...state.get(changed.serial),
                esim_profiles: changed.esimProfiles,
              }),
          }),
        localApi: simLocalApi(device),
        openStream: async ({ host, port }) => {
          if (!run.services.serves(host, port)) {
            return { code: 'refused', message: `nothing listens on ${host}:${port}` };
          }
          // The tunnel gets one end; the device's in-process server answers on the other.
          const [tunnelEnd, deviceEnd] = duplexPair();
          run.services.serve(device, host, port, deviceEnd);
          return tunnelEnd;
        },
      },
      onOnline: () => {
        standing.reason = 'inProgress';
        done();
      },
      onConnectFailed: (failure) => {
        standing.reason =
          failure.kind === 'refused'
            ? 'brokerRefused'
            : failure.kind === 'timeout'
              ? 'connectTimeout'
              : 'connectError';
        if (failure.kind === 'refused') standing.connack = failure.code;
      },
      onRefused: (code) => {
        counters.refused += 1;
        options.log?.(`${device.serial}: the broker refused its credential (CONNACK ${code})`);
        done();
      },
      ...(options.log ? { log: options.log } : {}),
    });
    standing.session = session;
    sessions.push(session);
    session.start();
  });
};

/** The outage's timer: when it fires, the devices it takes that are online drop off. */
const scheduleOutage = (
  outage: Outage,
  devices: readonly SimDevice[],
  standings: readonly Standing[],
  options: FleetOptions,
) => {
  const timer = setTimeout(() => {
    const away = devices.filter(
      (device) => device.inOutage(outage.share) && standings[device.index]?.online(),
    );
    options.log?.(`outage: ${away.length} devices offline for ${outage.forMs / 1000} s`);
    for (const device of away) void standings[device.index]?.session?.goOffline(outage.forMs);
  }, outage.afterMs);
  timer.unref();
  return timer;
};

/**
 * What jobs changed in an earlier run is still the device's: the password a `set_password` job
 * set, the configuration `config_set` jobs left, the data-collect set of its last `collect_config`,
 * the files `file_put` jobs wrote, the hubs `vpn_join` jobs made it a client of, the eSIM
 * profiles `esim_profile` jobs left.
 */
export const restoreDeviceState = (devices: readonly SimDevice[], state: FleetState): void => {
  for (const device of devices) {
    const saved = state.get(device.serial);
    if (saved?.admin_password_sha256) device.adminPasswordSha256 = saved.admin_password_sha256;
    // A configuration kept before its firmware's ddns/webfilter were simulated gains their defaults.
    if (saved?.config) {
      device.config = {
        ...firmwareSimConfig(device.model, device.serial, device.firmware),
        ...saved.config,
      };
    }
    if (saved?.collect) device.collect = saved.collect;
    if (saved?.alerts) device.alerts = saved.alerts;
    if (saved?.files) device.files = saved.files;
    if (saved?.vpn_hubs) device.vpnClients = restoredVpnClients(device, saved.vpn_hubs);
    if (saved?.esim_profiles && device.capabilities.has_esim) {
      device.esimProfiles = saved.esim_profiles;
    }
  }
};

/** Starts a fleet of simulated devices in this process (the CLI and the benchmarks use it). */
export const startFleet = async (options: FleetOptions): Promise<Fleet> => {
  const counters: FleetCounters = {
    ...newCounters(),
    provisioned: 0,
    enrolled: 0,
    refused: 0,
    enrolTimeouts: 0,
    enrolErrors: 0,
  };
  const state = await FleetState.load(options.statePath);
  const devices = Array.from({ length: options.devices }, (_, i) => new SimDevice(i, options.seed));
  restoreDeviceState(devices, state);
  await provision(devices, state, options, counters);
  const stopping = new AbortController();
  // Every ramp slot's enrolment or back-off listens to it at once.
  setMaxListeners(0, stopping.signal);
  const run: FleetRun = {
    state,
    options,
    counters,
    sessions: [],
    waiting: new Set(),
    stopping: stopping.signal,
    services: createSimServices(options.services ?? {}),
  };
  const standings = devices.map(() => {
    const standing: Standing = {
      reason: 'notReached',
      online: () => standing.session?.isOnline ?? false,
    };
    return standing;
  });
  const ramped = forEachLimited(
    devices,
    options.concurrency ?? 200,
    (device) => bring(device, standings[device.index] as Standing, run),
    () => stopping.signal.aborted,
  ).then(() => state.flush());
  // Counted from the end of the ramp, so the share is of a fleet that is up.
  let outage: NodeJS.Timeout | null = null;
  if (options.outage) {
    const planned = options.outage;
    void ramped.then(() => {
      if (!stopping.signal.aborted) outage = scheduleOutage(planned, devices, standings, options);
    });
  }
  let atStop: NotConnected | null = null;
  let stopped: Promise<void> | null = null;
  const stop = async () => {
    if (outage) clearTimeout(outage);
    atStop = tallyNotConnected(standings);
    stopping.abort();
    for (const release of [...run.waiting]) release();
    await ramped;
    const deadline = Date.now() + STOP_BUDGET_MS;
    await forEachLimited(run.sessions, 500, (session) =>
      session.stop(Math.max(0, Math.min(STOP_TIMEOUT_MS, deadline - Date.now()))),
    );
    await run.services.close();
    await state.flush();
  };
  return {
    counters,
    ramped,
    notConnected: () => atStop ?? tallyNotConnected(standings),
    stop: () => (stopped ??= stop()),
  };
};
