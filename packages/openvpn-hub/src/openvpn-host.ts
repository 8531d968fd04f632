import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import type { HubHostAvailability } from './hub-runtime.port';

/** What the probe reads from the machine; tests replace them. */
export interface HostProbes {
  /** `<binary> --version` output, or null when it cannot be started (not found). */
  versionOutput(binary: string): Promise<string | null>;
  /** Opens and closes /dev/net/tun; rejects with the reason. */
  openTun(): Promise<void>;
  /** /proc/self/status. */
  processStatus(): Promise<string>;
  uid(): number;
}

const CAP_NET_ADMIN = 12n;

export const systemProbes: HostProbes = {
  // OpenVPN exits non-zero after printing its version, so only a failure to start counts.
  versionOutput: (binary) =>
    new Promise((resolve) => {
      execFile(binary, ['--version'], { timeout: 5000 }, (error, stdout, stderr) => {
        const started = typeof (error as NodeJS.ErrnoException | null)?.code !== 'string';
        resolve(started ? `${stdout}${stderr}` : null);
      });
    }),
  async openTun() {
    const handle = await open('/dev/net/tun', constants.O_RDWR);
    await handle.close();
  },
  processStatus: () => readFile('/proc/self/status', 'utf8'),
  uid: () => process.getuid?.() ?? -1,
};

/** The configured binary, else `openvpn` on PATH, else the sbin folders a non-root PATH lacks. */
const candidates = (openvpnPath: string | undefined) =>
  openvpnPath ? [openvpnPath] : ['openvpn', '/usr/sbin/openvpn', '/usr/local/sbin/openvpn'];

const capability = (status: string, set: 'CapEff' | 'CapAmb', bit: bigint) => {
  const hex = new RegExp(`^${set}:\\s*([0-9a-f]+)$`, 'm').exec(status)?.[1];
  return hex !== undefined && ((BigInt(`0x${hex}`) >> bit) & 1n) === 1n;
};

/** Who runs the hubs, in the words a person fixing the host reads. */
export interface HostWords {
  /** The variable that names the openvpn binary. */
  pathVariable: string;
  /** The machine: "the netfleet host". */
  host: string;
  /** The program that must hold the privilege: "netfleet". */
  program: string;
}

/** The server's words; `netfleet-agent --hub` brings its own. */
export const SERVER_HOST_WORDS: HostWords = {
  pathVariable: 'OPENVPN_PATH',
  host: 'the netfleet host',
  program: 'netfleet',
};

export interface ProbeOptions {
  openvpnPath?: string | undefined;
  probes?: HostProbes;
  words?: HostWords;
}

/** The availability, plus on success the binary that answered (what the supervisor runs). */
export type HostProbeResult =
  | { available: true; version: string; binary: string }
  | Extract<HubHostAvailability, { available: false }>;

/**
 * Can this host run hubs? Checked in the order a person fixes them: the binary, the TUN device,
 * then the privilege to create tunnel interfaces. OpenVPN is a child process, so it needs
 * CAP_NET_ADMIN too: root has it; a non-root server must hold it as an ambient capability (file
 * capabilities on `node` are not passed on to the programs it starts).
 */
export const probeHubHost = async (options: ProbeOptions = {}): Promise<HostProbeResult> => {
  const probes = options.probes ?? systemProbes;
  const words = options.words ?? SERVER_HOST_WORDS;
  let binary: string | undefined;
  let output: string | null = null;
  for (const candidate of candidates(options.openvpnPath)) {
    output = await probes.versionOutput(candidate);
    binary = candidate;
    if (output !== null) break;
  }
  if (output === null || !binary) {
    return {
      available: false,
      reason: options.openvpnPath
        ? `OpenVPN was not found at ${options.openvpnPath} (${words.pathVariable}).`
        : `OpenVPN is not installed on ${words.host}.`,
      fix: options.openvpnPath
        ? `Point ${words.pathVariable} at the openvpn binary, or unset it to search PATH.`
        : 'Install OpenVPN: apt-get install openvpn',
    };
  }
  const version = /OpenVPN (\d+\.\d+[.\w-]*)/.exec(output)?.[1];
  if (!version) {
    return {
      available: false,
      reason: `${binary} did not report an OpenVPN version.`,
      fix: 'Install OpenVPN: apt-get install openvpn',
    };
  }
  try {
    await probes.openTun();
  } catch (error) {
    return {
      available: false,
      reason: `/dev/net/tun cannot be opened (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
      fix: 'Load the tun module: modprobe tun (in a container, give it /dev/net/tun: --device /dev/net/tun)',
    };
  }
  const status = await probes.processStatus();
  const privileged =
    capability(status, 'CapEff', CAP_NET_ADMIN) &&
    (probes.uid() === 0 || capability(status, 'CapAmb', CAP_NET_ADMIN));
  if (!privileged) {
    return {
      available: false,
      reason: `${words.program} may not create network interfaces (it lacks CAP_NET_ADMIN).`,
      fix:
        `Run ${words.program} as root, or grant` +
        ' CAP_NET_ADMIN as an ambient capability so OpenVPN inherits ' +
        'it (systemd: AmbientCapabilities=CAP_NET_ADMIN; in a container: --cap-add NET_ADMIN)',
    };
  }
  return { available: true, version, binary };
};
