// Network namespaces for the VPN tunnel tier and benchmark: a hub namespace and "spoke"
// namespaces (devices, laptops) each joined to it by its own veth pair, so tunnels carry real
// packets between what look like separate machines while nothing touches the host's interfaces.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { probeHubHost } from '@netfleet/openvpn-hub';

export interface Spoke {
  /** The namespace's name. */
  ns: string;
  /** Its address on the link to the hub. */
  address: string;
  /** The address of a LAN inside it (on `lan0`), when it has one: 192.168.71.1. */
  lanAddress: string | null;
}

export interface Star {
  hub: string;
  /** The hub's address every spoke reaches (the host name in client profiles). */
  hubAddress: string;
  spokes: Record<string, Spoke>;
  destroy(): Promise<void>;
}

export interface SpokeSpec {
  name: string;
  /** A LAN inside the spoke, as address/prefix: 192.168.71.1/24. */
  lan?: string;
}

export interface Output {
  code: number | null;
  stdout: string;
  stderr: string;
}

const HUB_ADDRESS = '172.30.0.1';

const onPath = (command: string) =>
  new Promise<boolean>((resolve) =>
    execFile('sh', ['-c', `command -v ${command}`], (error) => resolve(!error)),
  );

/**
 * Why this machine cannot run OpenVPN tunnels between namespaces, or null when it can. `npm test`
 * installs what is missing (scripts/ensure-openvpn.mjs) before this tier.
 */
export const netnsUnavailable = async (): Promise<string | null> => {
  if (process.getuid?.() !== 0) return 'needs root (network namespaces, TUN devices)';
  try {
    accessSync('/dev/net/tun', constants.R_OK | constants.W_OK);
  } catch {
    return '/dev/net/tun is missing (modprobe tun, or give the container the device)';
  }
  const host = await probeHubHost();
  if (!host.available) return `${host.reason} ${host.fix}`;
  for (const command of ['ip', 'ping']) {
    if (!(await onPath(command))) return `${command} is missing: node scripts/ensure-openvpn.mjs`;
  }
  return null;
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` every 200 ms until it answers something other than null; throws after
 * `timeoutMs` with `detail()` (logs, output) to say why.
 */
export const until = async <T>(
  what: string,
  probe: () => Promise<T | null>,
  timeoutMs: number,
  detail: () => string = () => '',
) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${detail()}`);
    await sleep(200);
  }
};

/** Runs a command (in a namespace when `ns` is set) and collects its output. */
export const run = (ns: string | null, command: string, args: string[], timeoutMs = 15_000) =>
  new Promise<Output>((resolve) => {
    const [file, fileArgs] = ns ? ['ip', ['netns', 'exec', ns, command, ...args]] : [command, args];
    execFile(file, fileArgs, { timeout: timeoutMs }, (error, stdout, stderr) =>
      resolve({
        code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
        stdout,
        stderr,
      }),
    );
  });

/** Runs `ip …`, throwing with its message on failure. */
export const ip = async (...args: string[]) => {
  const out = await run(null, 'ip', args);
  if (out.code !== 0) throw new Error(`ip ${args.join(' ')}: ${out.stderr.trim()}`);
  return out.stdout;
};

export interface Background {
  process: ChildProcess;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves when its output matches; rejects on timeout or exit. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts a long-running command inside a namespace (`ip netns exec` execs it: same pid). */
export const spawnIn = (ns: string, command: string, args: string[]): Background => {
  const child = spawn('ip', ['netns', 'exec', ns, command, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const watchers = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const watcher of watchers) watcher();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  return {
    process: child,
    exited,
    output: () => text,
    waitFor: (pattern, timeoutMs) =>
      new Promise((resolve, reject) => {
        const done = (error?: Error) => {
          watchers.delete(check);
          clearTimeout(timer);
          if (error) reject(error);
          else resolve();
        };
        const check = () => {
          if (pattern.test(text)) done();
        };
        const timer = setTimeout(
          () => done(new Error(`${command} in ${ns}: no ${pattern} in ${timeoutMs} ms:\n${text}`)),
          timeoutMs,
        );
        watchers.add(check);
        void exited.then(() => done(new Error(`${command} in ${ns} exited:\n${text}`)));
        check();
      }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
};

/** One ICMP echo round (or `count`), optionally from a given source address. */
export const ping = async (
  ns: string,
  target: string,
  {
    from,
    count = 2,
    waitSeconds = 2,
  }: { from?: string; count?: number; waitSeconds?: number } = {},
) => {
  const args = ['-n', '-q', '-c', String(count), '-W', String(waitSeconds), '-i', '0.2'];
  const out = await run(ns, 'ping', [...args, ...(from ? ['-I', from] : []), target]);
  return out.code === 0;
};

const inNs = (ns: string, ...args: string[]) => ip('-n', ns, ...args);

/** Kills whatever still runs inside our namespaces (only processes this run started there). */
const killInside = async (ns: string) => {
  const pids = (await run(null, 'ip', ['netns', 'pids', ns])).stdout.split(/\s+/).filter(Boolean);
  for (const pid of pids) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
};

const removeNamespaces = async (names: string[]) => {
  const existing = await run(null, 'ip', ['netns', 'list']);
  for (const ns of names) {
    if (!new RegExp(`^${ns}( |$)`, 'm').test(existing.stdout)) continue;
    await killInside(ns);
    await run(null, 'ip', ['netns', 'del', ns]);
  }
};

/**
 * Builds `<prefix>hub` and one namespace per spoke (`<prefix><name>`), spoke i linked to the hub
 * by a veth pair on 172.30.(i+1).0/30, the hub reachable from every spoke at 172.30.0.1 (on its
 * loopback) and forwarding between its interfaces. A spoke's LAN sits on `lan0`, a bridge without
 * ports: a kernel without the `dummy` module still has bridges, and the address is local all the
 * same. `destroy` kills what still runs inside and deletes the namespaces (their links go with them).
 */
export const createStar = async (
  prefix: string,
  spokeSpecs: readonly SpokeSpec[],
): Promise<Star> => {
  const hub = `${prefix}hub`;
  const names = [hub, ...spokeSpecs.map((spec) => `${prefix}${spec.name}`)];
  // Left over from an interrupted run with the same prefix.
  await removeNamespaces(names);
  const destroy = () => removeNamespaces(names);
  try {
    for (const ns of names) {
      await ip('netns', 'add', ns);
      await inNs(ns, 'link', 'set', 'lo', 'up');
    }
    await inNs(hub, 'addr', 'add', `${HUB_ADDRESS}/32`, 'dev', 'lo');
    const forward = await run(hub, 'sh', ['-c', 'echo 1 > /proc/sys/net/ipv4/ip_forward']);
    if (forward.code !== 0) throw new Error(`ip_forward in ${hub}: ${forward.stderr}`);
    const spokes: Record<string, Spoke> = {};
    for (const [index, spec] of spokeSpecs.entries()) {
      const ns = `${prefix}${spec.name}`;
      const net = `172.30.${index + 1}`;
      await ip(
        'link',
        'add',
        `to${index}`,
        'netns',
        hub,
        'type',
        'veth',
        'peer',
        'name',
        'up0',
        'netns',
        ns,
      );
      await inNs(hub, 'addr', 'add', `${net}.1/30`, 'dev', `to${index}`);
      await inNs(hub, 'link', 'set', `to${index}`, 'up');
      await inNs(ns, 'addr', 'add', `${net}.2/30`, 'dev', 'up0');
      await inNs(ns, 'link', 'set', 'up0', 'up');
      await inNs(ns, 'route', 'add', `${HUB_ADDRESS}/32`, 'via', `${net}.1`);
      if (spec.lan) {
        await inNs(ns, 'link', 'add', 'lan0', 'type', 'bridge');
        await inNs(ns, 'addr', 'add', spec.lan, 'dev', 'lan0');
        await inNs(ns, 'link', 'set', 'lan0', 'up');
      }
      spokes[spec.name] = { ns, address: `${net}.2`, lanAddress: spec.lan?.split('/')[0] ?? null };
    }
    return { hub, hubAddress: HUB_ADDRESS, spokes, destroy };
  } catch (error) {
    await destroy();
    throw error;
  }
};
