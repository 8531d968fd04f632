import { parseArgs } from 'node:util';
import { CliError } from './cli-error';

export const USAGE = `netfleet <command> [options]

Commands (settings come from the same environment as the server: DATA_DIR, DATABASE_URL, ...):
  start                      run the server (what npm start -w @netfleet/server runs)
  migrate                    apply pending database migrations, print them, and exit
  create-admin --email E [--password P]
                             add a super admin to the root company; without --password,
                             NETFLEET_ADMIN_PASSWORD is used, else one is generated and printed
  reset-password --email E [--password P]
                             set a user's password and end the user's sessions; without
                             --password one is generated and printed
  doctor                     check ports, database, broker, Redis, SMTP, disk, TUN and OpenVPN
                             and say what to fix; exits 1 when a check fails
  help                       this text (also --help, or <command> --help)

With the embedded database (no DATABASE_URL), migrate, create-admin and reset-password refuse
while a netfleet server runs on the same DATA_DIR: stop it first.
`;

export type Command =
  | { name: 'help' }
  | { name: 'start' }
  | { name: 'migrate' }
  | { name: 'doctor' }
  | { name: 'create-admin'; email: string; password: string | undefined }
  | { name: 'reset-password'; email: string; password: string | undefined };

const NO_OPTIONS = ['start', 'migrate', 'doctor'] as const;
const WITH_EMAIL = ['create-admin', 'reset-password'] as const;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

const parseOptions = (command: string, args: string[]) => {
  try {
    return parseArgs({
      args,
      allowPositionals: false,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        ...(isOneOf(WITH_EMAIL, command)
          ? { email: { type: 'string' }, password: { type: 'string' } }
          : {}),
      },
    }).values as { help?: boolean; email?: string; password?: string };
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
  if (!isOneOf(NO_OPTIONS, name) && !isOneOf(WITH_EMAIL, name)) {
    throw new CliError(`Unknown command ${name}: run netfleet --help for the list.`);
  }
  const options = parseOptions(name, rest);
  if (options.help) return { name: 'help' };
  if (isOneOf(NO_OPTIONS, name)) return { name };
  if (!options.email) throw new CliError(`netfleet ${name} needs --email <address>.`);
  return { name, email: options.email, password: options.password };
};
