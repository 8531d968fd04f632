import { describe, expect, it } from 'vitest';
import { parseCommand } from './args';
import { CliError } from './cli-error';

describe('parseCommand', () => {
  it('reads the commands and their options', () => {
    expect(parseCommand(['start'])).toEqual({ name: 'start' });
    expect(parseCommand(['migrate'])).toEqual({ name: 'migrate' });
    expect(parseCommand(['doctor'])).toEqual({ name: 'doctor' });
    expect(parseCommand(['create-admin', '--email', 'a@b.example'])).toEqual({
      name: 'create-admin',
      email: 'a@b.example',
      password: undefined,
    });
    expect(
      parseCommand(['reset-password', '--email=a@b.example', '--password', 'secret-pass']),
    ).toEqual({ name: 'reset-password', email: 'a@b.example', password: 'secret-pass' });
  });

  it('answers help for no command, help, --help and <command> --help', () => {
    for (const argv of [[], ['help'], ['--help'], ['-h'], ['doctor', '--help']]) {
      expect(parseCommand(argv)).toEqual({ name: 'help' });
    }
  });

  it('refuses unknown commands and options, stray words and a missing --email', () => {
    expect(() => parseCommand(['frobnicate'])).toThrow(/Unknown command frobnicate/);
    expect(() => parseCommand(['migrate', '--email', 'a@b.example'])).toThrow(CliError);
    expect(() => parseCommand(['doctor', 'now'])).toThrow(CliError);
    expect(() => parseCommand(['create-admin'])).toThrow(/needs --email/);
    expect(() => parseCommand(['reset-password', '--email'])).toThrow(CliError);
  });

  it('reads backup and restore', () => {
    expect(parseCommand(['backup'])).toEqual({ name: 'backup', output: undefined });
    expect(parseCommand(['backup', '-o', '-'])).toEqual({ name: 'backup', output: '-' });
    expect(parseCommand(['restore', 'b.tar.gz', '--force'])).toEqual({
      name: 'restore',
      file: 'b.tar.gz',
      force: true,
    });
    expect(parseCommand(['restore', 'b.tar.gz'])).toMatchObject({ force: false });
    expect(() => parseCommand(['restore'])).toThrow(/needs one backup file/);
    expect(() => parseCommand(['restore', 'a', 'b'])).toThrow(/needs one backup file/);
    expect(() => parseCommand(['backup', 'stray'])).toThrow(CliError);
    expect(() => parseCommand(['backup', '--force'])).toThrow(CliError);
  });
});
