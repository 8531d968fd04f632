import { posix } from 'node:path';
import { CANNED_COMMANDS, cannedOutput } from '../sim-commands.ts';
import type { SimDevice } from '../sim-device.ts';
import { HOME } from './device-fs.ts';
import { longname } from './fs-listing.ts';
import { FsError, type MemoryFs } from './memory-fs.ts';

export interface TerminalSize {
  cols: number;
  rows: number;
}

/** One shell session's state. */
export interface ShellContext {
  device: SimDevice;
  fs: MemoryFs;
  cwd: string;
  /** The terminal, updated on resize; undefined when the session has none. */
  size?: TerminalSize;
}

export interface CommandResult {
  /** Lines ending in `\n`; the shell translates them for a terminal. */
  output: string;
  status: number;
  /** The shell ends after this command. */
  exit?: boolean;
}

const BUILTINS = ['cat', 'cd', 'echo', 'exit', 'help', 'hostname', 'ls', 'pwd', 'stty size'];

const ok = (output: string): CommandResult => ({ output, status: 0 });
const fail = (output: string, status = 1): CommandResult => ({ output, status });

const fsMessage = (error: unknown): string =>
  error instanceof FsError ? error.message.replace(/ \(.*\)$/, '') : String(error);

type Builtin = (ctx: ShellContext, args: string[]) => CommandResult;

const builtins: Record<string, Builtin> = {
  echo: (_ctx, args) => ok(args.join(' ')),
  pwd: (ctx) => ok(ctx.cwd),
  hostname: (ctx) => ok(ctx.device.model),
  help: () =>
    ok(
      `Built-in commands:\n  ${BUILTINS.join(', ')}\nSystem commands:\n  ${CANNED_COMMANDS.join(', ')}`,
    ),
  exit: (_ctx, args) => ({ output: '', status: Number(args[0] ?? 0) || 0, exit: true }),
  stty: (ctx, args) => {
    if (args.join(' ') !== 'size') return fail('stty: only "stty size" is simulated');
    if (!ctx.size) return fail('stty: standard input: Not a tty');
    return ok(`${ctx.size.rows} ${ctx.size.cols}`);
  },
  cd: (ctx, args) => {
    const target = posix.resolve(ctx.cwd, args[0] ?? HOME);
    try {
      ctx.fs.dir(target);
    } catch (error) {
      return fail(`-ash: cd: can't cd to ${args[0] ?? HOME}: ${fsMessage(error)}`, 2);
    }
    ctx.cwd = target;
    return ok('');
  },
  cat: (ctx, args) => {
    const out: string[] = [];
    let status = 0;
    for (const arg of args) {
      try {
        const file = ctx.fs.file(posix.resolve(ctx.cwd, arg));
        out.push(ctx.fs.read(file, 0, file.size).toString('utf8'));
      } catch (error) {
        out.push(`cat: can't open '${arg}': ${fsMessage(error)}\n`);
        status = 1;
      }
    }
    return { output: out.join(''), status };
  },
  ls: (ctx, args) => {
    const long = args.some((arg) => /^-[a-z]*l/.test(arg));
    const paths = args.filter((arg) => !arg.startsWith('-'));
    const out: string[] = [];
    let status = 0;
    for (const path of paths.length ? paths : ['.']) {
      try {
        const absolute = posix.resolve(ctx.cwd, path);
        const node = ctx.fs.stat(absolute);
        const entries: [string, typeof node][] =
          node.type === 'dir' ? ctx.fs.list(absolute) : [[path, node]];
        if (paths.length > 1 && node.type === 'dir') out.push(`${path}:`);
        out.push(
          ...(long
            ? entries.map(([name, entry]) => longname(name, entry))
            : entries.length
              ? [entries.map(([name]) => name).join('  ')]
              : []),
        );
      } catch (error) {
        out.push(`ls: ${path}: ${fsMessage(error)}`);
        status = 1;
      }
    }
    return { output: out.join('\n'), status };
  },
};

/**
 * `echo "a b"; pwd` → [['echo', 'a b'], ['pwd']]: whitespace splits words, quotes keep them
 * together, `;` separates commands. No pipes or redirections: there is nothing to pipe between.
 */
const parse = (line: string): string[][] => {
  const commands: string[][] = [[]];
  for (const match of line.matchAll(/"([^"]*)"|'([^']*)'|(;)|([^\s;"']+)/g)) {
    if (match[3]) commands.push([]);
    else commands.at(-1)?.push(match[1] ?? match[2] ?? match[4] ?? '');
  }
  return commands.filter((words) => words.length > 0);
};

const runWords = (ctx: ShellContext, [program = '', ...args]: string[]): CommandResult => {
  if (Object.hasOwn(builtins, program)) return (builtins[program] as Builtin)(ctx, args);
  const output = cannedOutput(ctx.device, [program, ...args].join(' '));
  if (output !== null) return ok(output);
  if (CANNED_COMMANDS.some((command) => command.split(' ')[0] === program)) {
    return fail(`${program}: unsupported arguments (this is a simulated device)`);
  }
  return fail(`-ash: ${program}: not found`, 127);
};

/**
 * Runs a command line on the simulated router: a few built-ins, else the canned commands. The
 * output is whole lines; the status is the last command's.
 */
export const runShellCommand = (ctx: ShellContext, line: string): CommandResult => {
  let output = '';
  let status = 0;
  for (const words of parse(line)) {
    const result = runWords(ctx, words);
    output += result.output && !result.output.endsWith('\n') ? `${result.output}\n` : result.output;
    status = result.status;
    if (result.exit) return { output, status, exit: true };
  }
  return { output, status };
};
