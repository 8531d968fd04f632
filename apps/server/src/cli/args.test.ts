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
    expect(() => parseCommand(['backup'])).toThrow(/Unknown command backup/);
    expect(() => parseCommand(['migrate', '--email', 'a@b.example'])).toThrow(CliError);
    expect(() => parseCommand(['doctor', 'now'])).toThrow(CliError);
    expect(() => parseCommand(['create-admin'])).toThrow(/needs --email/);
    expect(() => parseCommand(['reset-password', '--email'])).toThrow(CliError);
  });
});
