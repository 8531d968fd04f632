import { describe, expect, it, vi } from 'vitest';
import type { DoctorProbes } from './doctor-probes';
import { runCli, type CliIo } from './run';

const io = (env: Record<string, string> = {}) => {
  const out: string[] = [];
  const err: string[] = [];
  const startServer = vi.fn(async () => {});
  const value: CliIo = {
    env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    probes: {} as DoctorProbes,
    startServer,
  };
  return { value, out, err, startServer };
};

describe('runCli', () => {
  it('prints the usage with status 0', async () => {
    const { value, out } = io();
    expect(await runCli(['--help'], value)).toBe(0);
    expect(out.join('\n')).toMatch(/create-admin --email E/);
  });

  it('says what is wrong in one line with status 1', async () => {
    const unknown = io();
    expect(await runCli(['frobnicate'], unknown.value)).toBe(1);
    expect(unknown.err).toEqual(['Unknown command frobnicate: run netfleet --help for the list.']);

    const badSetting = io({ PORT: 'eighty' });
    expect(await runCli(['migrate'], badSetting.value)).toBe(1);
    expect(badSetting.err[0]).toMatch(/^Invalid setting PORT=eighty/);
  });

  it('start runs the server and leaves the process running', async () => {
    const { value, startServer } = io();
    expect(await runCli(['start'], value)).toBeNull();
    expect(startServer).toHaveBeenCalledOnce();
  });
});
