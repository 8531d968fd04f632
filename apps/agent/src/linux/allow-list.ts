import { isIP } from 'node:net';

// The shell commands the agent runs for a `command` job: a fixed list, each with its exact
// accepted arguments. They run without a shell, so nothing is interpreted, and within the job's
// `timeout` (linux-commands.ts runProcess kills them past it).

export interface AllowedCommand {
  file: string;
  args: string[];
  /** Keep only the last lines of the output (logs). */
  tailLines?: number;
}

const HOSTNAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** An IP address or DNS name; never something that starts with `-` and reads as an option. */
export const isValidHost = (host: string): boolean => isIP(host) !== 0 || HOSTNAME.test(host);

const FIXED: Record<string, string[][]> = {
  uptime: [[]],
  ip: [
    ['addr'],
    ['addr', 'show'],
    ['route'],
    ['route', 'show'],
    ['link'],
    ['-s', 'link'],
    ['neigh'],
  ],
  df: [[], ['-h']],
  free: [[], ['-m'], ['-h']],
  uname: [['-a'], ['-r']],
  date: [[]],
  hostname: [[]],
};

const LOGS: Record<string, number> = { dmesg: 100, logread: 100 };

const sameArgs = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The program and arguments to run for a command line, or an error saying why it is refused.
 * Accepted: uptime; ip addr|route|link|neigh; df [-h]; free [-m|-h]; uname -a|-r; date; hostname;
 * dmesg; logread (last 100 lines); ping [-c 1..10] <host>.
 */
export const resolveCommand = (line: string): AllowedCommand | { error: string } => {
  const words = line.trim().split(/\s+/).filter(Boolean);
  const [program, ...args] = words;
  if (!program) return { error: 'empty command' };
  const fixed = FIXED[program];
  if (fixed) {
    return fixed.some((allowed) => sameArgs(allowed, args))
      ? { file: program, args }
      : { error: `arguments not allowed for ${program}` };
  }
  const tail = LOGS[program];
  if (tail !== undefined) {
    return args.length === 0
      ? { file: program, args: [], tailLines: tail }
      : { error: `arguments not allowed for ${program}` };
  }
  if (program === 'ping') {
    let count = 4;
    let rest = args;
    if (args[0] === '-c') {
      count = Number(args[1]);
      rest = args.slice(2);
      if (!Number.isInteger(count) || count < 1 || count > 10)
        return { error: 'ping -c must be 1 to 10' };
    }
    const [host, ...extra] = rest;
    if (!host || extra.length > 0 || !isValidHost(host))
      return { error: 'ping needs one valid host' };
    return { file: 'ping', args: ['-c', String(count), '-W', '2', host] };
  }
  return { error: `command not allowed: ${program}` };
};
