import type { Writable } from 'node:stream';
import { type Config, ConfigError, loadConfig } from '@/config';
import { parseCommand, USAGE } from './args';
import { runBackup } from './backup-command';
import { CliError, type Output } from './cli-error';
import { runDoctor } from './doctor';
import type { DoctorProbes } from './doctor-probes';
import { runMigrate } from './migrate-command';
import { runRestore } from './restore-command';
import { runCreateAdmin, runResetPassword } from './user-commands';

export interface CliIo {
  env: Record<string, string | undefined>;
  out: Output;
  err: Output;
  probes: DoctorProbes;
  /** Where `netfleet backup --output -` writes the archive (process.stdout by default). */
  stdout?: Writable;
  /** Runs the server in this process (`start`); it keeps running after this returns. */
  startServer: () => Promise<void>;
}

const commandConfig = (env: CliIo['env']): Config => {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
};

/** Runs one `netfleet` command line; the exit status, or null when the server runs on. */
export const runCli = async (argv: string[], io: CliIo): Promise<number | null> => {
  try {
    const command = parseCommand(argv);
    if (command.name === 'help') {
      io.out(USAGE);
      return 0;
    }
    if (command.name === 'start') {
      await io.startServer();
      return null;
    }
    const config = commandConfig(io.env);
    switch (command.name) {
      case 'migrate':
        await runMigrate(config, io.out);
        return 0;
      case 'create-admin':
        await runCreateAdmin(config, command, io.out);
        return 0;
      case 'reset-password':
        await runResetPassword(config, command, io.out);
        return 0;
      case 'backup':
        await runBackup(config, command, { out: io.out, stdout: io.stdout ?? process.stdout });
        return 0;
      case 'restore':
        await runRestore(config, command, io.out);
        return 0;
      case 'doctor':
        return await runDoctor(config, io.probes, io.out);
    }
  } catch (error) {
    if (error instanceof CliError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
};
