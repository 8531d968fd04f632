import { execFile } from 'node:child_process';
import { cidr } from './hub-addresses';
import type { LanRoute } from './hub-files';
import type { Subnet } from './hub-runtime.port';
import { hubDeviceName } from './openvpn-config';

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

/**
 * Each hub routes in a table of its own, so that hubs of different companies may route the same
 * LAN (192.168.1.0/24 is every router's default) and nothing from one hub's tunnel leaves by
 * another hub's or by the host's own routes. The id is this base plus the hub id: clear of the
 * tables other software takes (wg-quick's from 51820, the small ids of container networks) and
 * still readable (hub 7: table 1000007).
 */
export const HUB_TABLE_BASE = 1_000_000;

export const hubTable = (hubId: number) => HUB_TABLE_BASE + hubId;

/**
 * The rules into a hub's table, after the kernel's `local` (0: the host's own addresses, the hub's
 * included, stay reachable) and before `main` (32766): what arrives from the hub's device, and
 * what the host sends from the hub's subnet (its answers to the LANs behind clients, and the
 * reverse-path check of packets from them).
 */
export const RULE_PRIORITY = { device: 10_000, source: 10_001 } as const;

type RpFilter = 'off' | 'strict' | 'loose';

/** A hub device's IPv4 settings that decide what the kernel forwards for it. */
export const deviceSettings = async (ip: IpCommand, device: string) => {
  const { stdout } = await ip(['-4', 'netconf', 'show']);
  const of = (name: string) => new RegExp(`^inet ${name} (.*)$`, 'm').exec(stdout)?.[1] ?? '';
  const rpFilter = (line: string) => (/\brp_filter (\w+)/.exec(line)?.[1] ?? 'off') as RpFilter;
  const order: RpFilter[] = ['off', 'strict', 'loose'];
  return {
    /** Whether packets arriving on the device are forwarded (LAN to LAN through the hub). */
    forwarding: /\bforwarding on\b/.test(of(device)),
    /** The kernel checks with the larger of the device's and `all`'s value. */
    rpFilter:
      order[Math.max(...[of(device), of('all')].map((line) => order.indexOf(rpFilter(line))))],
  };
};

/**
 * Through the client's address: on a tap hub (an Ethernet segment) that is how the LAN is reached,
 * and on a tun hub OpenVPN's data channel offload (ovpn-dco) picks the client by the gateway
 * (OpenVPN itself picks it by the client's iroute, whatever the gateway).
 */
const routeArgs = (route: LanRoute, device: string) => [
  cidr(route.lan),
  'via',
  route.via,
  'dev',
  device,
];

/** `rule del` takes one matching rule a time; past this many something keeps adding them. */
const MAX_RULES = 16;

/**
 * Deletes the hub's rules, then its table. Rules first, and the table only once they are gone: a
 * rule into an empty table falls through to `main`, where the hub would route like the host.
 */
export const clearHubRouting = async (ip: IpCommand, hubId: number): Promise<string[]> => {
  const table = String(hubTable(hubId));
  for (let deleted = 0; deleted < MAX_RULES; deleted += 1) {
    const { error } = await ip(['-4', 'rule', 'del', 'table', table]);
    if (!error) continue;
    if (/No such file or directory/.test(error)) break;
    return [`rule del table ${table}: ${error}`];
  }
  const { error } = await ip(['-4', 'route', 'flush', 'table', table]);
  return error && !/FIB table does not exist/.test(error)
    ? [`route flush table ${table}: ${error}`]
    : [];
};

/** Which of `hubIds` have rules in the kernel (a previous run's, when none runs yet). */
export const hubsWithRules = async (ip: IpCommand, hubIds: ReadonlySet<number>) => {
  const { error, stdout } = await ip(['-4', 'rule', 'show']);
  const priorities: number[] = Object.values(RULE_PRIORITY);
  const found = new Set<number>();
  for (const [, priority, table] of stdout.matchAll(/^(\d+):.*\slookup (\d+)\s*$/gm)) {
    const hubId = Number(table) - HUB_TABLE_BASE;
    if (priorities.includes(Number(priority)) && hubIds.has(hubId)) found.add(hubId);
  }
  return { error, hubIds: [...found] };
};

/**
 * One hub's table and rules. The table holds a blackhole default (what has no route of the hub's
 * is dropped, silently: an ICMP answer would leave by `main`, which has no route to the LANs
 * behind clients), the hub's subnet and the LANs behind its clients, all through its device.
 * Operations run one at a time: a start's set-up and an apply's change may overlap.
 */
export const createHubRouting = (ip: IpCommand, hubId: number) => {
  const device = hubDeviceName(hubId);
  const table = String(hubTable(hubId));
  let installed = new Map<string, string[]>();
  let queue: Promise<unknown> = Promise.resolve();

  const serial = (task: () => Promise<string[]>) => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  /** Makes the table's LAN routes exactly `routes`; returns what failed, in words. */
  const syncLans = async (routes: readonly LanRoute[]) => {
    const wanted = new Map(
      routes.map((route) => {
        const args = [...routeArgs(route, device), 'table', table];
        return [args.join(' '), args] as const;
      }),
    );
    const problems: string[] = [];
    for (const [id, args] of installed) {
      if (wanted.has(id)) continue;
      const { error } = await ip(['-4', 'route', 'del', ...args]);
      if (error && !/No such process|Cannot find device/.test(error)) {
        problems.push(`route del ${id}: ${error}`);
      }
    }
    const next = new Map<string, string[]>();
    for (const [id, args] of wanted) {
      const error = installed.has(id)
        ? null
        : (await ip(['-4', 'route', 'replace', ...args])).error;
      if (error) problems.push(`route ${id}: ${error}`);
      else next.set(id, args);
    }
    installed = next;
    return problems;
  };

  return {
    /**
     * After each start (the device is new): the table from scratch, then the rules into it. A
     * table that cannot be filled gets no rules (they would fall through to `main` all the same)
     * and the failure is reported.
     */
    install: (subnet: Subnet, routes: readonly LanRoute[]) =>
      serial(async () => {
        installed = new Map();
        const cleared = await clearHubRouting(ip, hubId);
        if (cleared.length > 0) return cleared;
        for (const args of [
          ['blackhole', 'default'],
          [cidr(subnet), 'dev', device],
        ]) {
          const { error } = await ip(['-4', 'route', 'replace', ...args, 'table', table]);
          if (error) return [`route ${args.join(' ')} table ${table}: ${error}`];
        }
        const problems = await syncLans(routes);
        const rules = [
          [String(RULE_PRIORITY.device), 'iif', device],
          [String(RULE_PRIORITY.source), 'from', cidr(subnet)],
        ];
        for (const [priority = '', ...selector] of rules) {
          const args = ['-4', 'rule', 'add', 'priority', priority, ...selector, 'table', table];
          const { error } = await ip(args);
          if (error) problems.push(`rule ${args.slice(3).join(' ')}: ${error}`);
        }
        return problems;
      }),
    /** The LAN routes of a running hub, changed without a restart. */
    sync: (routes: readonly LanRoute[]) => serial(() => syncLans(routes)),
    /** The hub stopped or went away: its rules and table go. */
    clear: () =>
      serial(() => {
        installed = new Map();
        return clearHubRouting(ip, hubId);
      }),
    /** The device is gone, and its routes with it (the blackhole default and rules stay). */
    forget() {
      installed = new Map();
    },
    /** Resolves once the operations started so far are done. */
    idle: () => queue,
  };
};

export type HubRouting = ReturnType<typeof createHubRouting>;
