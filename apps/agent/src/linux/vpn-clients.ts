import { constants } from 'node:fs';
import { access, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  OPENVPN_CLIENTS_MAX,
  openvpnClientName,
  vpnJoinArgsSchema,
  type CommandMessage,
  type TelemetryData,
  type VpnJoinArgs,
} from '@netfleet/contracts';
import { readState, writeState } from '../state-file.ts';
import type { CommandOutcome } from '../types.ts';
import { parseVpnJoinArgs, parseVpnLeaveArgs, VPN_MESSAGES } from '../vpn-jobs.ts';
import { OpenvpnClient, spawnOpenvpn, type OpenvpnClientOptions } from './openvpn-client.ts';
import {
  enableIpForwarding,
  findOpenvpn,
  OPENVPN_PROFILE_MESSAGES,
  profileProblem,
} from './openvpn-profile.ts';

// netfleet-agent's clients of netfleet VPN hubs (`vpn_join`, `vpn_leave`): one supervised OpenVPN
// process per hub, its profile beside the agent's state file and the list of hubs in vpn.json, so
// a restarted agent starts them again.

export const AGENT_VPN_MESSAGES = {
  notInstalled: 'OpenVPN is not installed on this device: apt-get install openvpn',
  notExecutable: (path: string) => `AGENT_OPENVPN_PATH is not an executable program: ${path}`,
  notRoot: 'netfleet-agent must run as root to start OpenVPN clients (they create TUN interfaces)',
  noTun: 'This device has no TUN driver (/dev/net/tun is missing): load it with modprobe tun',
  forbidden: OPENVPN_PROFILE_MESSAGES.forbidden,
  socketPathTooLong: 'The --state directory path is too long for an OpenVPN management socket',
  forwarding: (reason: string) => `IPv4 forwarding could not be enabled: ${reason}`,
  profileNotWritten: (reason: string) => `The VPN profile could not be written: ${reason}`,
  notSaved: (reason: string) => `The VPN hub list could not be saved: ${reason}`,
  didNotStart: (hubId: number, why: string) => `${openvpnClientName(hubId)} did not start: ${why}`,
} as const;

/** A unix socket's path holds at most 107 bytes (sun_path, with its NUL). */
const SOCKET_PATH_MAX_BYTES = 107;

/** What vpn.json keeps of a join: everything but the profile, which has a file of its own. */
const storedHubSchema = vpnJoinArgsSchema.omit({ profile: true });
type StoredHub = z.infer<typeof storedHubSchema>;
const fileSchema = z.object({
  version: z.literal(1),
  hubs: z.array(storedHubSchema).max(OPENVPN_CLIENTS_MAX),
});

export interface VpnClientsOptions {
  /** The agent's state directory (mode 0700): vpn.json, the profiles and management sockets. */
  dir: string;
  /** AGENT_OPENVPN_PATH; else openvpn is looked for in the directories of `searchPath`. */
  openvpnPath?: string;
  searchPath: string;
  /** A hub client's status changed, or the list did: worth a vpn reading now. */
  onChange: () => void;
  log: (message: string) => void;
  spawn?: OpenvpnClientOptions['spawn'];
  isRoot?: () => boolean;
  tunPath?: string;
  ipForwardPath?: string;
  /** Passed to each client (tests shorten the waits). */
  client?: Pick<OpenvpnClientOptions, 'startupWaitMs' | 'watchEveryMs' | 'random'>;
}

interface Hub {
  stored: StoredHub;
  client: OpenvpnClient;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
const failed = (message: string): CommandOutcome => ({ status: 'failed', message });
const exists = (path: string) =>
  access(path, constants.F_OK).then(
    () => true,
    () => false,
  );

/** Forwarding from the tunnel means something only towards LANs the hub routes through it. */
const forwardsToLans = (args: Pick<VpnJoinArgs, 'forward' | 'lans'>): boolean =>
  args.forward.lan && args.lans.length > 0;

export class VpnClients {
  private readonly hubs = new Map<number, Hub>();
  /** Joins and leaves in turn: each sees the processes and files the previous one left. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Set when the last hub was left: one more reading says so with an empty list. */
  private reportEmpty = false;

  private constructor(private readonly options: VpnClientsOptions) {}

  /**
   * The hubs vpn.json lists whose profile is still there (not started yet: startAll). A file that
   * cannot be read or does not fit gives none and a warning; the next join replaces it.
   */
  static async load(options: VpnClientsOptions): Promise<VpnClients> {
    const clients = new VpnClients(options);
    const path = clients.statePath;
    try {
      const stored = await readState(path, z.unknown(), null);
      if (stored === null) return clients;
      const file = fileSchema.safeParse(stored);
      if (!file.success) throw new Error(file.error.issues[0]?.message ?? 'not valid');
      for (const hub of file.data.hubs) {
        if (await exists(clients.profilePath(hub.hub_id))) {
          clients.hubs.set(hub.hub_id, { stored: hub, client: clients.newClient(hub.hub_id) });
        } else options.log(`${path}: no profile for hub ${hub.hub_id}; it is left out`);
      }
    } catch (error) {
      options.log(`${path} is not a valid VPN hub list (${reason(error)}); starting none`);
    }
    return clients;
  }

  /** Starts every remembered hub's client (at agent start); those that cannot run report why. */
  startAll(): Promise<void> {
    return this.inTurn(() => this.startRemembered());
  }

  join(command: CommandMessage): Promise<CommandOutcome> {
    return this.inTurn(() => this.applyJoin(command));
  }

  leave(command: CommandMessage): Promise<CommandOutcome> {
    return this.inTurn(() => this.applyLeave(command));
  }

  /** The vpn reading: null while the agent is no hub's client (and said so once). */
  async reading(): Promise<TelemetryData<'vpn'> | null> {
    if (this.hubs.size === 0 && !this.reportEmpty) return null;
    this.reportEmpty = false;
    const hubs = [...this.hubs.values()].sort((a, b) => a.stored.hub_id - b.stored.hub_id);
    return { l2tp: [], openvpn: await Promise.all(hubs.map((hub) => hub.client.reading())) };
  }

  /** Stops every client (the agent is exiting); vpn.json keeps them for the next start. */
  async stopAll(): Promise<void> {
    await Promise.all([...this.hubs.values()].map((hub) => hub.client.stop()));
  }

  private inTurn<T>(job: () => Promise<T>): Promise<T> {
    const done = this.queue.then(job);
    this.queue = done.catch(() => undefined);
    return done;
  }

  private async startRemembered(): Promise<void> {
    const hubs = [...this.hubs.values()];
    if (hubs.length === 0) return;
    const ready = await this.prerequisites();
    if ('problem' in ready) {
      this.options.log(`VPN hub clients not started: ${ready.problem}`);
      for (const hub of hubs) hub.client.cannotRun(ready.problem);
      return;
    }
    if (hubs.some((hub) => forwardsToLans(hub.stored))) {
      const problem = await this.enableForwarding();
      if (problem) this.options.log(problem);
    }
    await Promise.all(
      hubs.map(async ({ stored, client }) => {
        const why = await client.start(ready.binary);
        if (why) this.options.log(AGENT_VPN_MESSAGES.didNotStart(stored.hub_id, why));
      }),
    );
  }

  private async applyJoin(command: CommandMessage): Promise<CommandOutcome> {
    const parsed = parseVpnJoinArgs(command);
    if ('rejected' in parsed) return parsed.rejected;
    const { profile, ...stored } = parsed.args;
    const id = stored.hub_id;
    const problem = profileProblem(profile);
    if (problem) return { status: 'rejected', message: problem };
    const previous = this.hubs.get(id);
    if (!previous && this.hubs.size >= OPENVPN_CLIENTS_MAX) {
      return failed(VPN_MESSAGES.tooManyClients);
    }
    const ready = await this.prerequisites();
    if ('problem' in ready) return failed(ready.problem);
    if (Buffer.byteLength(this.socketPath(id)) > SOCKET_PATH_MAX_BYTES) {
      return failed(AGENT_VPN_MESSAGES.socketPathTooLong);
    }
    if (forwardsToLans(stored)) {
      const problem = await this.enableForwarding();
      if (problem) return failed(problem);
    }
    // The join replaces what the device had for this hub.
    await previous?.client.stop();
    this.hubs.delete(id);
    try {
      await this.writeProfile(id, profile);
    } catch (error) {
      await this.forget(id);
      return failed(AGENT_VPN_MESSAGES.profileNotWritten(reason(error)));
    }
    const client = this.newClient(id);
    this.hubs.set(id, { stored, client });
    const notSaved = await this.save();
    const why = notSaved ?? (await client.start(ready.binary));
    if (why === null) return { status: 'completed', message: VPN_MESSAGES.started(id) };
    await client.stop();
    this.hubs.delete(id);
    await this.forget(id);
    return failed(notSaved ?? AGENT_VPN_MESSAGES.didNotStart(id, why));
  }

  private async applyLeave(command: CommandMessage): Promise<CommandOutcome> {
    const parsed = parseVpnLeaveArgs(command);
    if ('rejected' in parsed) return parsed.rejected;
    const id = parsed.args.hub_id;
    const hub = this.hubs.get(id);
    await hub?.client.stop();
    this.hubs.delete(id);
    const problem = await this.forget(id);
    if (problem) return failed(problem);
    return {
      status: 'completed',
      message: hub ? VPN_MESSAGES.left(id) : VPN_MESSAGES.notJoined(id),
    };
  }

  /** Removes a hub's profile and saves the list without it; why the list was not saved, or null. */
  private async forget(id: number): Promise<string | null> {
    await unlink(this.profilePath(id)).catch(() => undefined);
    const problem = await this.save();
    if (this.hubs.size === 0) this.reportEmpty = true;
    this.options.onChange();
    return problem;
  }

  /** The openvpn program, once the box can run it as a client; else why not. */
  private async prerequisites(): Promise<{ binary: string } | { problem: string }> {
    const { openvpnPath } = this.options;
    const binary = await findOpenvpn(openvpnPath, this.options.searchPath);
    if (!binary) {
      return {
        problem: openvpnPath
          ? AGENT_VPN_MESSAGES.notExecutable(openvpnPath)
          : AGENT_VPN_MESSAGES.notInstalled,
      };
    }
    const isRoot = this.options.isRoot ?? (() => process.getuid?.() === 0);
    if (!isRoot()) return { problem: AGENT_VPN_MESSAGES.notRoot };
    if (!(await exists(this.options.tunPath ?? '/dev/net/tun'))) {
      return { problem: AGENT_VPN_MESSAGES.noTun };
    }
    return { binary };
  }

  /** On a generic Linux box there is no RutOS firewall to open: forwarding is the kernel's. */
  private async enableForwarding(): Promise<string | null> {
    try {
      await enableIpForwarding(this.options.ipForwardPath ?? '/proc/sys/net/ipv4/ip_forward');
      return null;
    } catch (error) {
      return AGENT_VPN_MESSAGES.forwarding(reason(error));
    }
  }

  /** Root-only, as it holds the device's private key; written whole, then renamed into place. */
  private async writeProfile(id: number, profile: string) {
    await mkdir(this.options.dir, { recursive: true, mode: 0o700 });
    const path = this.profilePath(id);
    const temp = `${path}.${process.pid}.tmp`;
    await writeFile(temp, profile, { mode: 0o600 });
    await rename(temp, path);
  }

  private async save(): Promise<string | null> {
    const hubs = [...this.hubs.values()].map((hub) => hub.stored);
    try {
      await writeState(this.statePath, { version: 1, hubs });
      return null;
    } catch (error) {
      return AGENT_VPN_MESSAGES.notSaved(reason(error));
    }
  }

  private newClient(id: number): OpenvpnClient {
    return new OpenvpnClient({
      hubId: id,
      profilePath: this.profilePath(id),
      socketPath: this.socketPath(id),
      spawn: this.options.spawn ?? spawnOpenvpn,
      onChange: this.options.onChange,
      log: this.options.log,
      ...this.options.client,
    });
  }

  private get statePath() {
    return join(this.options.dir, 'vpn.json');
  }

  private profilePath(id: number) {
    return join(this.options.dir, `${openvpnClientName(id)}.ovpn`);
  }

  private socketPath(id: number) {
    return join(this.options.dir, `${openvpnClientName(id)}.sock`);
  }
}
