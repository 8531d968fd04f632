import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VPN_HUB_COMMAND_TYPES } from '@netfleet/contracts';
import { HUB_MESSAGES } from '../hub-jobs.ts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import {
  PASSWORD_CHANGE_FAILED,
  SIM_FAILURES,
  SET_PASSWORD_MAX_MS,
  SET_PASSWORD_MIN_MS,
  runSimCommand,
  simulatedDurationMs,
  type SimCommandOptions,
} from './sim-commands.ts';
import { SimDevice } from './sim-device.ts';

const context: CommandContext = {
  progress: async () => undefined,
  sendAllTelemetry: () => undefined,
  restart: async () => undefined,
  collect: () => undefined,
};

let nextId = 1;
/** Starts a `command` job on a simulated device; `done()` is its outcome once it has one. */
const start = (args: Record<string, unknown>) => {
  const device = new SimDevice(3, 42, () => 1_750_000_000_000);
  let outcome: CommandOutcome | undefined;
  const promise = runSimCommand(
    device,
    { id: nextId++, type: 'command', args, expires_at: Date.now() + 600_000 },
    context,
    { rebootMs: 100 },
  ).then((o) => (outcome = o));
  return { promise, done: () => outcome };
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('simulated commands', () => {
  it('take as long as the router would: a ping one second per probe, the rest at once', () => {
    expect(simulatedDurationMs('uptime')).toBe(0);
    expect(simulatedDurationMs('ping 8.8.8.8')).toBe(3060);
    expect(simulatedDurationMs('ping -c 10 example.com')).toBe(9060);
  });

  it('reject running VPN hubs: that takes netfleet-agent --hub', async () => {
    const device = new SimDevice(3, 42, () => 1_750_000_000_000);
    for (const type of VPN_HUB_COMMAND_TYPES) {
      const command = { id: nextId++, type, args: { hub_id: 3 }, expires_at: Date.now() + 60_000 };
      expect(await runSimCommand(device, command, context, { rebootMs: 100 })).toEqual({
        status: 'rejected',
        message: HUB_MESSAGES.simulator,
      });
    }
  });

  it('complete with exit code 0 when the job gives no acceptable_codes', async () => {
    const run = start({ command: 'uptime' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.done()).toMatchObject({
      status: 'completed',
      result: expect.stringMatching(/load average/),
    });
  });

  it('complete when 0 is among the acceptable codes, and fail with the output when not', async () => {
    const accepted = start({ command: 'uptime', acceptable_codes: [0, 2] });
    const refused = start({ command: 'uptime', acceptable_codes: [1, 2] });
    await vi.advanceTimersByTimeAsync(0);
    expect(accepted.done()).toMatchObject({ status: 'completed' });
    expect(refused.done()).toEqual({
      status: 'failed',
      message: 'Exit code 0',
      result: expect.stringMatching(/load average/),
    });
  });

  it('fail at the timeout, not before, when the simulated command would take longer', async () => {
    const run = start({ command: 'ping -c 10 8.8.8.8', timeout: 5 });
    await vi.advanceTimersByTimeAsync(4999);
    expect(run.done()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(run.done()).toEqual({ status: 'failed', message: 'Timed out after 5 s' });
  });

  it('complete after their simulated duration when it fits in the timeout', async () => {
    const run = start({ command: 'ping -c 3 8.8.8.8', timeout: 5, acceptable_codes: [0] });
    await vi.advanceTimersByTimeAsync(2059);
    expect(run.done()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(run.done()).toMatchObject({
      status: 'completed',
      result: expect.stringMatching(/3 packets transmitted/),
    });
    // An instant command is never cut short by any timeout.
    const quick = start({ command: 'uptime', timeout: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(quick.done()).toMatchObject({ status: 'completed' });
  });

  it('reject invalid timeouts and codes, and lines the router does not answer', async () => {
    for (const args of [
      { command: 'uptime', timeout: 0 },
      { command: 'uptime', timeout: 301 },
      { command: 'uptime', acceptable_codes: [-1] },
      { command: 'rm -rf /', timeout: 5 },
    ]) {
      const run = start(args);
      await vi.advanceTimersByTimeAsync(0);
      expect(run.done(), JSON.stringify(args)).toMatchObject({ status: 'rejected' });
    }
  });
});

describe('simulated job failures', () => {
  const run = async (
    type: 'reboot' | 'command',
    args: Record<string, unknown>,
    jobFailureRate: number,
    id = nextId++,
  ) => {
    const restart = vi.fn(async () => undefined);
    const outcome = runSimCommand(
      new SimDevice(3, 42, () => 1_750_000_000_000),
      { id, type, args, expires_at: Date.now() + 600_000 },
      { ...context, restart },
      { rebootMs: 100, jobFailureRate },
    );
    await vi.advanceTimersByTimeAsync(0);
    return { outcome: await outcome, restarted: restart.mock.calls.length > 0 };
  };

  it('fail a reboot without going down, and a command with exit code 1', async () => {
    expect(await run('reboot', {}, 1)).toEqual({
      outcome: { status: 'failed', message: SIM_FAILURES.reboot },
      restarted: false,
    });
    expect((await run('command', { command: 'uptime' }, 1)).outcome).toEqual({
      status: 'failed',
      message: 'Exit code 1',
      result: SIM_FAILURES.command,
    });
    // A job that accepts exit code 1 completes all the same.
    expect(
      (await run('command', { command: 'uptime', acceptable_codes: [0, 1] }, 1)).outcome,
    ).toEqual({ status: 'completed', result: SIM_FAILURES.command });
    expect(await run('reboot', {}, 0)).toMatchObject({
      outcome: { status: 'completed' },
      restarted: true,
    });
  });

  it('reject a firmware image after its download and check, without installing it', async () => {
    vi.useRealTimers();
    const image = Buffer.from('RUTX firmware image');
    const server = createServer((_request, response) => response.end(image));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const restart = vi.fn(async () => undefined);
    const progress = vi.fn(async () => undefined);
    try {
      const outcome = await runSimCommand(
        new SimDevice(3, 42),
        {
          id: nextId++,
          type: 'firmware_update',
          args: {
            url: `http://127.0.0.1:${port}/RUTX_R_00.07.10.bin`,
            size: image.length,
            sha256: createHash('sha256').update(image).digest('hex'),
            name: 'RUTX_R_00.07.10.bin',
          },
          expires_at: Date.now() + 600_000,
        },
        { ...context, restart, progress },
        { rebootMs: 100, jobFailureRate: 1 },
      );
      expect(outcome).toEqual({ status: 'failed', message: SIM_FAILURES.firmware_update });
      expect(progress).toHaveBeenCalledWith(image.length, image.length, 'verified, installing');
      expect(restart).not.toHaveBeenCalled();
    } finally {
      server.close();
    }
  });

  it('draw per job: the same job fails the same way, another job may not', async () => {
    const device = new SimDevice(3, 42);
    const fails = Array.from({ length: 400 }, (_, id) => device.jobFails(id, 0.25));
    const share = fails.filter(Boolean).length / fails.length;
    expect(share).toBeGreaterThan(0.18);
    expect(share).toBeLessThan(0.32);
    expect(Array.from({ length: 400 }, (_, id) => device.jobFails(id, 0.25))).toEqual(fails);
  });
});

const NOW = () => 1_750_000_000_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Starts a `set_password` job on a simulated device; `done()` is its outcome once it has one. */
const startSetPassword = (
  device: SimDevice,
  args: Record<string, unknown>,
  options: Partial<SimCommandOptions> = {},
) => {
  let outcome: CommandOutcome | undefined;
  const promise = runSimCommand(
    device,
    { id: nextId++, type: 'set_password', args, expires_at: Date.now() + 600_000 },
    context,
    { rebootMs: 100, ...options },
  ).then((o) => (outcome = o));
  return { promise, done: () => outcome };
};

describe('simulated set_password', () => {
  it('completes after a seeded 0.5 to 2 s with rate 0, and keeps only the new hash', async () => {
    const device = new SimDevice(3, 42, NOW);
    // A twin with the same seed and index draws the same delay the device is about to draw.
    const delay = new SimDevice(3, 42, NOW).rng.int(SET_PASSWORD_MIN_MS, SET_PASSWORD_MAX_MS);
    expect(delay).toBeGreaterThanOrEqual(500);
    expect(delay).toBeLessThanOrEqual(2000);
    expect(device.adminPasswordMatches('admin01')).toBe(true);
    const changed = vi.fn();
    const run = startSetPassword(
      device,
      { password: 'N3w-Secret' },
      { passwordFailureRate: 0, onAdminPasswordChanged: changed },
    );
    await vi.advanceTimersByTimeAsync(delay - 1);
    expect(run.done()).toBeUndefined();
    expect(device.adminPasswordMatches('admin01')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.done()).toEqual({ status: 'completed', message: 'Password changed' });
    expect(device.adminPasswordSha256).toBe(sha256('N3w-Secret'));
    expect(device.adminPasswordMatches('N3w-Secret')).toBe(true);
    expect(device.adminPasswordMatches('admin01')).toBe(false);
    expect(changed).toHaveBeenCalledExactlyOnceWith(device);
    // Nothing on the device holds the password itself.
    expect(JSON.stringify(Object.values(device))).not.toContain('N3w-Secret');
  });

  it("fails with passwd's error on every device with rate 1, keeping the old password", async () => {
    for (const index of [0, 1, 2, 3]) {
      const device = new SimDevice(index, 42, NOW);
      const changed = vi.fn();
      const run = startSetPassword(
        device,
        { password: 'N3w-Secret' },
        { passwordFailureRate: 1, onAdminPasswordChanged: changed },
      );
      await vi.advanceTimersByTimeAsync(SET_PASSWORD_MIN_MS - 1);
      expect(run.done()).toBeUndefined();
      await vi.advanceTimersByTimeAsync(SET_PASSWORD_MAX_MS);
      expect(run.done()).toEqual({
        status: 'failed',
        message: 'passwd: Authentication token manipulation error',
      });
      expect(device.adminPasswordMatches('admin01')).toBe(true);
      expect(changed).not.toHaveBeenCalled();
    }
    expect(PASSWORD_CHANGE_FAILED).toBe('passwd: Authentication token manipulation error');
  });

  it('fails on a fixed few devices per serial and seed at the default rate', async () => {
    const failing = (seed: number) =>
      Array.from({ length: 2000 }, (_, i) => new SimDevice(i, seed, NOW))
        .filter((d) => d.passwordChangeFails(0.02))
        .map((d) => d.serial);
    const first = failing(42);
    // About 2 % of the fleet (40 of 2000 expected).
    expect(first.length).toBeGreaterThan(20);
    expect(first.length).toBeLessThan(65);
    // The same devices on every run, whatever the device did in between; others with another seed.
    expect(failing(42)).toEqual(first);
    const device = new SimDevice(0, 42, NOW);
    device.rng.next();
    expect(device.passwordChangeFails(0.02)).toBe(first.includes(device.serial));
    expect(failing(43)).not.toEqual(first);

    // A device that fails without a rate of its own, fails as the default says.
    const unlucky = new SimDevice(Number(first[0]?.slice(-6)), 42, NOW);
    const run = startSetPassword(unlucky, { password: 'N3w-Secret' });
    await vi.advanceTimersByTimeAsync(SET_PASSWORD_MAX_MS);
    expect(run.done()).toMatchObject({ status: 'failed' });
  });

  it.each([
    [{ password: 'short' }],
    [{ password: 'x'.repeat(33) }],
    [{ password: 'abcdefgh\nroot:owned' }],
    [{}],
  ])('rejects %j at once, keeping the old password', async (args) => {
    const device = new SimDevice(3, 42, NOW);
    const run = startSetPassword(device, args, { passwordFailureRate: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.done()).toMatchObject({
      status: 'rejected',
      message: expect.stringMatching(/^args\.password /),
    });
    const { password } = args as { password?: unknown };
    if (typeof password === 'string') expect(run.done()?.message).not.toContain(password);
    expect(device.adminPasswordMatches('admin01')).toBe(true);
  });
});

describe('simulated collect_config', () => {
  const collectConfig = {
    id: 2,
    period: 120,
    data: [
      {
        url: '/system/device/status',
        variables: [{ id: 'up', filter: '$.http_body.data.uptime', type: 'integer' }],
      },
    ],
  };
  const run = (device: SimDevice, args: Record<string, unknown>, onCollectChanged = vi.fn()) => {
    const collect = vi.fn();
    const outcome = runSimCommand(
      device,
      { id: nextId++, type: 'collect_config', args, expires_at: Date.now() + 600_000 },
      { ...context, collect },
      { rebootMs: 100, onCollectChanged },
    );
    return { outcome, collect, onCollectChanged };
  };

  it('keeps the set on the device for the state file, applies it, and clears it when emptied', async () => {
    const device = new SimDevice(3, 42, () => 1_750_000_000_000);
    const set = run(device, { configs: [collectConfig] });
    expect(await set.outcome).toEqual({ status: 'completed', message: 'Collecting 1 config' });
    expect(device.collect).toEqual([collectConfig]);
    expect(set.onCollectChanged).toHaveBeenCalledExactlyOnceWith(device);
    expect(set.collect).toHaveBeenCalledExactlyOnceWith([collectConfig]);

    const cleared = run(device, { configs: [] });
    expect(await cleared.outcome).toEqual({
      status: 'completed',
      message: 'Data collection stopped',
    });
    expect(device.collect).toBeUndefined();
    expect(cleared.collect).toHaveBeenCalledExactlyOnceWith([]);
  });

  it('rejects a set that does not fit, keeping the one it has', async () => {
    const device = new SimDevice(3, 42, () => 1_750_000_000_000);
    await run(device, { configs: [collectConfig] }).outcome;
    const bad = run(device, {
      configs: [{ ...collectConfig, data: [{ url: 'modems', variables: [] }] }],
    });
    expect(await bad.outcome).toMatchObject({
      status: 'rejected',
      message: expect.stringMatching(/^invalid args\.configs\.0\.data\.0\.url: /),
    });
    expect(bad.collect).not.toHaveBeenCalled();
    expect(bad.onCollectChanged).not.toHaveBeenCalled();
    expect(device.collect).toEqual([collectConfig]);
  });
});
