import { execFile } from 'node:child_process';
import { cidr } from './hub-addresses';
import type { LanRoute } from './hub-files';

/** Runs `ip` (iproute2, which Debian's openvpn package depends on); `error` is why it failed. */
export type IpCommand = (args: string[]) => Promise<{ error: string | null; stdout: string }>;

export const ipCommand =
  (netns: string | undefined): IpCommand =>
  (args) =>
    new Promise((resolve) => {
      const full = netns ? ['-n', netns, ...args] : args;
      execFile('ip', full, { timeout: 5000 }, (error, stdout, stderr) =>
        resolve({ error: error ? stderr.trim() || error.message : null, stdout }),
      );
    });

/** Whether the kernel forwards packets arriving on the device (LAN to LAN through the hub). */
export const forwards = async (ip: IpCommand, device: string) =>
  /\bforwarding on\b/.test((await ip(['-4', 'netconf', 'show', 'dev', device])).stdout);

const routeArgs = (route: LanRoute, device: string, type: 'tun' | 'tap') =>
  type === 'tun'
    ? [cidr(route.lan), 'dev', device]
    : // A tap hub is an Ethernet segment: the LAN is reached through the client's address on it.
      [cidr(route.lan), 'via', route.via, 'dev', device];

const key = (args: string[]) => args.join(' ');

/**
 * The kernel routes to the LANs behind a hub's clients, kept by the supervisor rather than by
 * `route` lines in server.conf so that a LAN added to a client needs no restart. They live on
 * the hub's device, so they vanish with it when the process stops; `forget` says so.
 */
export const createRouteTable = (ip: IpCommand, device: string) => {
  let installed = new Map<string, string[]>();
  return {
    /** Makes the device's LAN routes exactly `routes`; returns what failed, in words. */
    async sync(routes: readonly LanRoute[], type: 'tun' | 'tap'): Promise<string[]> {
      const wanted = new Map(
        routes.map((route) => {
          const args = routeArgs(route, device, type);
          return [key(args), args] as const;
        }),
      );
      const problems: string[] = [];
      for (const [id, args] of installed) {
        if (wanted.has(id)) continue;
        const { error } = await ip(['route', 'del', ...args]);
        if (error && !/No such process|Cannot find device/.test(error)) {
          problems.push(`route del ${id}: ${error}`);
        }
      }
      const next = new Map<string, string[]>();
      for (const [id, args] of wanted) {
        const error = installed.has(id) ? null : (await ip(['route', 'replace', ...args])).error;
        if (error) problems.push(`route ${id}: ${error}`);
        else next.set(id, args);
      }
      installed = next;
      return problems;
    },
    forget() {
      installed = new Map();
    },
  };
};
