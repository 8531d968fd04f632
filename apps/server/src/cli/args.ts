import { parseArgs } from 'node:util';
import { CliError } from './cli-error';

export const USAGE = `netfleet <command> [options]

Commands (settings come from the same environment as the server: DATA_DIR, DATABASE_URL, ...):
  start                      run the compiled server (what npm start runs)
  migrate                    apply pending database migrations, print them, and exit
  create-admin --email E [--password P]
                             add a super admin to the root company; without --password,
                             NETFLEET_ADMIN_PASSWORD is used, else one is generated and printed
  reset-password --email E [--password P]
                             set a user's password and end the user's sessions; without
                             --password one is generated and printed
  backup [--output FILE]     write a backup (database and uploaded files) to FILE, by default
                             netfleet-backup-<time>.tar.gz here; - writes it to stdout. Online:
                             a running server makes the snapshot of its embedded database
  restore FILE [--force]     restore a backup into an empty database and DATA_DIR (the server
                             stopped); --force replaces what is there. Also moves an embedded
                             install to PostgreSQL: back up, set DATABASE_URL, restore
  doctor                     check ports, database, broker, Redis, SMTP, disk, TUN and OpenVPN
                             and say what to fix; exits 1 when a check fails
  help                       this text (also --help, or <command> --help)

With the embedded database (no DATABASE_URL), migrate, create-admin, reset-password and restore
refuse while a netfleet server runs on the same DATA_DIR: stop it first.
`;

export type Command =
  | { name: 'help' }
  | { name: 'start' }
  | { name: 'migrate' }
  | { name: 'doctor' }
  | { name: 'create-admin'; email: string; password: string | undefined }
  | { name: 'reset-password'; email: string; password: string | undefined }
  | { name: 'backup'; output: string | undefined }
  | { name: 'restore'; file: string; force: boolean };

const NO_OPTIONS = ['start', 'migrate', 'doctor'] as const;
const WITH_EMAIL = ['create-admin', 'reset-password'] as const;
const BACKUP = ['backup', 'restore'] as const;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

const parseOptions = (command: string, args: string[]) => {
  try {
    return parseArgs({
      args,
      allowPositionals: command === 'restore',
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        ...(isOneOf(WITH_EMAIL, command)
          ? { email: { type: 'string' }, password: { type: 'string' } }
          : {}),
        ...(command === 'backup' ? { output: { type: 'string', short: 'o' } } : {}),
        ...(command === 'restore' ? { force: { type: 'boolean' } } : {}),
      },
    });
  } catch (error) {
    throw new CliError(`netfleet ${command}: ${(error as Error).message}`);
  }
};

/** `argv` without node and the script: `['create-admin', '--email', 'a@b.c']`. */
export const parseCommand = (argv: string[]): Command => {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    return { name: 'help' };
  }
  if (!isOneOf(NO_OPTIONS, name) && !isOneOf(WITH_EMAIL, name) && !isOneOf(BACKUP, name)) {
    throw new CliError(`Unknown command ${name}: run netfleet --help for the list.`);
  }
  const parsed = parseOptions(name, rest);
  const options = parsed.values as {
    help?: boolean;
    email?: string;
    password?: string;
    output?: string;
    force?: boolean;
  };
  if (options.help) return { name: 'help' };
  if (isOneOf(NO_OPTIONS, name)) return { name };
  if (name === 'backup') return { name, output: options.output };
  if (name === 'restore') {
    const [file, ...extra] = parsed.positionals;
    if (!file || extra.length > 0) throw new CliError('netfleet restore needs one backup file.');
    return { name, file, force: options.force === true };
  }
  if (!options.email) throw new CliError(`netfleet ${name} needs --email <address>.`);
  return { name, email: options.email, password: options.password };
};
