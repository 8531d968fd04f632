import {
  OPENVPN_CLIENTS_MAX,
  openvpnClientName,
  type CommandMessage,
  type OpenvpnClientReading,
} from '@netfleet/contracts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import { parseVpnJoinArgs, parseVpnLeaveArgs, VPN_MESSAGES } from '../vpn-jobs.ts';
import { Rng, deviceSeed, hashString } from './random.ts';
import type { SimDevice } from './sim-device.ts';

// A simulated router's OpenVPN clients of netfleet hubs (`vpn_join`, `vpn_leave`): each comes up a
// few seconds after its start and then moves traffic. A client is a handful of numbers; its
// counters advance when a reading asks for them, so an idle fleet costs no timers.

export interface SimVpnClient {
  hubId: number;
  /** When the client last started: its join, or the device's boot since. */
  startedAt: number;
  /** How long after a start the tunnel comes up. */
  connectMs: number;
  /** Link bytes since the start, counted up to `countedAt`. */
  sent: number;
  received: number;
  countedAt: number;
  /** The client's own draws, so a join does not change the device's other readings. */
  rng: Rng;
}

/** How long a simulated router takes to write and start an OpenVPN instance. */
export const SIM_VPN_APPLY_MS = { min: 300, max: 1200 } as const;
/** How long its tunnel takes to come up (resolve, TLS handshake, pushed config). */
export const SIM_VPN_CONNECT_MS = { min: 2000, max: 8000 } as const;

/** RutOS runs netfleet's hub clients from 07.06; older firmware has only its legacy VPN. */
export const supportsVpnHubs = (device: SimDevice): boolean =>
  device.capabilities.has_vpn && !device.capabilities.has_legacy_vpn;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const newClient = (device: SimDevice, hubId: number, startedAt: number): SimVpnClient => {
  const rng = new Rng(deviceSeed(device.seed, hashString(`vpn/${device.serial}/${hubId}`)));
  const connectMs = rng.int(SIM_VPN_CONNECT_MS.min, SIM_VPN_CONNECT_MS.max);
  return { hubId, startedAt, connectMs, sent: 0, received: 0, countedAt: startedAt, rng };
};

/**
 * The clients of a device whose hubs the fleet's state file remembers: they were up while the
 * simulator was away, so they count as connected from now on.
 */
export const restoredVpnClients = (device: SimDevice, hubIds: readonly number[]): SimVpnClient[] =>
  hubIds.map((hubId) => {
    const client = newClient(device, hubId, device.now());
    client.startedAt -= client.connectMs;
    client.countedAt = client.startedAt;
    return client;
  });

/**
 * A tunnel address in netfleet's default hub pool (10.8.<hub>.0/24, the hub on .1), fixed per
 * device: the profile does not say which address the hub will push.
 */
export const simTunnelIp = (device: SimDevice, hubId: number): string =>
  `10.8.${hubId % 256}.${2 + (device.index % 253)}`;

/**
 * Advances a connected client's counters to `now`: a TLS handshake when it came up, then
 * keepalives and bursts of traffic (mostly quiet, sometimes a few kB/s).
 */
const count = (client: SimVpnClient, connectedAt: number, now: number) => {
  const { rng } = client;
  if (client.countedAt <= connectedAt) {
    client.sent = rng.int(2500, 4000);
    client.received = rng.int(4000, 7000);
    client.countedAt = connectedAt;
  }
  const seconds = Math.max(0, now - client.countedAt) / 1000;
  client.sent += Math.round(seconds * (10 + rng.next() ** 3 * 1500));
  client.received += Math.round(seconds * (10 + rng.next() ** 3 * 4000));
  client.countedAt = now;
};

/** The device's hub clients as the vpn telemetry reports them; undefined when it never had any. */
export const simOpenvpnReadings = (device: SimDevice): OpenvpnClientReading[] | undefined => {
  const clients = device.vpnClients;
  if (!clients) return undefined;
  const now = device.now();
  return clients.map((client) => {
    // A reboot restarts the instance: a new connection, counters from zero.
    if (client.startedAt < device.bootedAt) {
      client.startedAt = client.countedAt = device.bootedAt;
      client.sent = client.received = 0;
    }
    const connectedAt = client.startedAt + client.connectMs;
    const connected = now >= connectedAt;
    if (connected) count(client, connectedAt, now);
    return {
      hub_id: client.hubId,
      name: openvpnClientName(client.hubId),
      status: connected ? 'connected' : 'connecting',
      ip: connected ? simTunnelIp(device, client.hubId) : null,
      bytes_sent: client.sent,
      bytes_received: client.received,
      since: connected ? connectedAt : null,
      error: null,
    };
  });
};

/**
 * `vpn_join`: after a router's moment to apply it, the instance starts (`connecting`) and its
 * tunnel comes up a few seconds later; a reading goes out at both, so the console follows.
 */
export const simVpnJoin = async (
  device: SimDevice,
  command: CommandMessage,
  context: CommandContext,
  onChanged?: (device: SimDevice) => void,
): Promise<CommandOutcome> => {
  if (!supportsVpnHubs(device)) {
    return { status: 'rejected', message: VPN_MESSAGES.legacyFirmware };
  }
  const parsed = parseVpnJoinArgs(command);
  if ('rejected' in parsed) return parsed.rejected;
  const { hub_id: hubId } = parsed.args;
  const others = (device.vpnClients ?? []).filter((client) => client.hubId !== hubId);
  if (others.length >= OPENVPN_CLIENTS_MAX) {
    return { status: 'failed', message: VPN_MESSAGES.tooManyClients };
  }
  const client = newClient(device, hubId, 0);
  await sleep(client.rng.int(SIM_VPN_APPLY_MS.min, SIM_VPN_APPLY_MS.max));
  client.startedAt = client.countedAt = device.now();
  // A job that ran alongside may have changed the list meanwhile.
  device.vpnClients = [...(device.vpnClients ?? []).filter((c) => c.hubId !== hubId), client];
  onChanged?.(device);
  context.sendReading?.('vpn');
  setTimeout(() => context.sendReading?.('vpn'), client.connectMs).unref();
  return { status: 'completed', message: VPN_MESSAGES.started(hubId) };
};

/** `vpn_leave`: the instance stops and is removed; leaving a hub it never joined is no error. */
export const simVpnLeave = (
  device: SimDevice,
  command: CommandMessage,
  context: CommandContext,
  onChanged?: (device: SimDevice) => void,
): CommandOutcome => {
  const parsed = parseVpnLeaveArgs(command);
  if ('rejected' in parsed) return parsed.rejected;
  const { hub_id: hubId } = parsed.args;
  const clients = device.vpnClients ?? [];
  const kept = clients.filter((client) => client.hubId !== hubId);
  if (kept.length === clients.length) {
    return { status: 'completed', message: VPN_MESSAGES.notJoined(hubId) };
  }
  // An empty list, not none: the readings go on saying the device is no hub's client.
  device.vpnClients = kept;
  onChanged?.(device);
  context.sendReading?.('vpn');
  return { status: 'completed', message: VPN_MESSAGES.left(hubId) };
};
