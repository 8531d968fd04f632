import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_REQUESTS_MAX, type ConfigRequest, type DeviceConfig } from '@netfleet/contracts';
import { CONFIG_RESULT_TOO_LARGE } from '../config-jobs.ts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import { restoreDeviceState } from './fleet.ts';
import { FleetState } from './fleet-state.ts';
import { SIM_FAILURES, runSimCommand, type SimCommandOptions } from './sim-commands.ts';
import {
  CONFIG_GET_MAX_MS,
  CONFIG_GET_MIN_MS,
  CONFIG_SET_MAX_MS,
  CONFIG_SET_MIN_MS,
} from './sim-config.ts';
import { defaultSimConfig } from './sim-config-defaults.ts';
import { SimDevice } from './sim-device.ts';

const NOW = () => 1_750_000_000_000;
// Index 7 is an RUTX11: mobile, with Wi-Fi.
const device = () => new SimDevice(7, 42, NOW);

let nextId = 1;
/** Starts a config job; `done()` is its outcome once it has one. */
const start = (
  target: SimDevice,
  type: 'config_get' | 'config_set',
  args: Record<string, unknown>,
  options: Partial<SimCommandOptions> = {},
  context: Partial<CommandContext> = {},
) => {
  let outcome: CommandOutcome | undefined;
  const promise = runSimCommand(
    target,
    { id: nextId++, type, args, expires_at: Date.now() + 600_000 },
    {
      progress: async () => undefined,
      sendAllTelemetry: () => undefined,
      restart: async () => undefined,
      collect: () => undefined,
      ...context,
    },
    { rebootMs: 100, ...options },
  ).then((o) => (outcome = o));
  return { promise, done: () => outcome };
};
/** Runs a config job to its end (timers are fake: they are advanced past its longest time). */
const finish = async (...args: Parameters<typeof start>) => {
  const run = start(...args);
  await vi.advanceTimersByTimeAsync(CONFIG_SET_MAX_MS);
  return run.done() as CommandOutcome;
};
const put = (path: string, data: Record<string, string | null>): ConfigRequest => ({
  path,
  method: 'put',
  content_type: 'application/json',
  request_data: data,
});
const json = (outcome: CommandOutcome) => JSON.parse(outcome.result ?? 'null');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('simulated config_get', () => {
  it("answers with the device's factory configuration after 100 to 300 ms", async () => {
    const router = device();
    expect(router.config).toBeUndefined();
    const delay = device().rng.int(CONFIG_GET_MIN_MS, CONFIG_GET_MAX_MS);
    const run = start(router, 'config_get', {});
    await vi.advanceTimersByTimeAsync(delay - 1);
    expect(run.done()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(run.done()?.status).toBe('completed');
    expect(json(run.done() as CommandOutcome)).toEqual(
      defaultSimConfig('RUTX11', router.serial, router.firmware),
    );
  });

  it('reads only the configs and sections the paths name', async () => {
    const outcome = await finish(device(), 'config_get', {
      paths: ['/system', '/network/lan', '/network/nothing', '/vpn'],
    });
    expect(Object.keys(json(outcome))).toEqual(['system', 'network']);
    expect(Object.keys(json(outcome).network)).toEqual(['lan']);
    expect(json(outcome).system.system.hostname).toMatch(/^rutx11-\d{4}$/);
  });
});

describe('simulated config_set', () => {
  it('applies after 1 to 3 s with a progress ack halfway, and answers each section before and after', async () => {
    const router = device();
    const changed = vi.fn();
    const progress = vi.fn(async () => undefined);
    const delay = device().rng.int(CONFIG_SET_MIN_MS, CONFIG_SET_MAX_MS);
    const run = start(
      router,
      'config_set',
      {
        requests: [
          put('/system/system', { hostname: 'depot-gw', log_size: '256' }),
          {
            path: '/firewall/rule_web',
            method: 'post',
            request_data: { '.type': 'rule', name: 'Allow-Web', dest_port: '443', proto: 'tcp' },
          },
          { path: '/firewall/rule_ssh_wan', method: 'delete' },
        ],
      },
      { onConfigChanged: changed },
      { progress },
    );
    await vi.advanceTimersByTimeAsync(Math.floor(delay / 2));
    expect(progress).toHaveBeenCalledExactlyOnceWith(1, 2, 'applying configuration');
    await vi.advanceTimersByTimeAsync(delay - Math.floor(delay / 2) - 1);
    expect(run.done()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    const outcome = run.done() as CommandOutcome;
    expect(outcome).toMatchObject({ status: 'completed', message: '3 changes applied' });
    const [system, rule, removed] = json(outcome).results;
    expect(system).toMatchObject({ code: 200, before: { log_size: '128' } });
    expect(system.after).toMatchObject({ hostname: 'depot-gw', log_size: '256' });
    expect(rule).toMatchObject({ code: 201, before: null, after: { name: 'Allow-Web' } });
    expect(removed).toMatchObject({ code: 200, before: { name: 'Allow-SSH-WAN' }, after: null });
    expect(changed).toHaveBeenCalledExactlyOnceWith(router);

    const read = await finish(router, 'config_get', { paths: ['/system', '/firewall'] });
    expect(json(read).system.system.hostname).toBe('depot-gw');
    expect(Object.keys(json(read).firewall)).toEqual(['defaults', 'rule_web']);
  });

  it('changes nothing when one request is refused, and says which', async () => {
    const router = device();
    const before: DeviceConfig = structuredClone(router.configStore());
    const changed = vi.fn();
    const outcome = await finish(
      router,
      'config_set',
      {
        requests: [
          put('/system/system', { hostname: 'depot-gw' }),
          put('/network/guest', { proto: 'dhcp' }),
          put('/network/lan', { proto: 'dhcp' }),
        ],
      },
      { onConfigChanged: changed },
    );
    expect(outcome).toMatchObject({ status: 'failed', message: '/network/guest does not exist' });
    expect(json(outcome).results.map((r: { code: number }) => r.code)).toEqual([200, 404]);
    expect(router.config).toEqual(before);
    expect(changed).not.toHaveBeenCalled();

    const invalid = await finish(router, 'config_set', {
      requests: [put('/wireless/default_radio0', { key: 'short' })],
    });
    expect(invalid).toMatchObject({ status: 'failed', message: 'key: At least 8 characters' });
    expect(router.config).toEqual(before);
  });

  it("fails in uci's words at the job failure rate, after its time, with nothing applied", async () => {
    const router = device();
    const changed = vi.fn();
    const args = { requests: [put('/system/system', { hostname: 'depot-gw' })] };
    const run = start(router, 'config_set', args, { jobFailureRate: 1, onConfigChanged: changed });
    await vi.advanceTimersByTimeAsync(CONFIG_SET_MIN_MS - 1);
    expect(run.done()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(CONFIG_SET_MAX_MS);
    expect(run.done()).toEqual({ status: 'failed', message: SIM_FAILURES.config_set });
    expect(SIM_FAILURES.config_set).toBe('uci: I/O error');
    expect(router.configStore().system?.system?.hostname).toMatch(/^rutx11-/);
    expect(changed).not.toHaveBeenCalled();
    // config_get is a read: it never fails.
    expect(await finish(router, 'config_get', {}, { jobFailureRate: 1 })).toMatchObject({
      status: 'completed',
    });
    expect(await finish(router, 'config_set', args, { jobFailureRate: 0 })).toMatchObject({
      status: 'completed',
    });
  });

  it('fails rather than cutting a result that does not fit an ack, keeping nothing', async () => {
    const router = device();
    // Each result holds the whole rule twice: 40 with long names are well over 16 KiB.
    const requests = Array.from({ length: CONFIG_REQUESTS_MAX }, (_, i) =>
      put('/firewall/rule_ssh_wan', {
        name: `Rule-${i}-${'x'.repeat(55)}`,
        src: 's'.repeat(32),
        dest: 'd'.repeat(32),
      }),
    );
    const outcome = await finish(router, 'config_set', { requests });
    expect(outcome).toEqual({ status: 'failed', message: CONFIG_RESULT_TOO_LARGE });
    expect(router.configStore().firewall?.rule_ssh_wan?.name).toBe('Allow-SSH-WAN');
  });

  it.each([
    ['config_set', {}],
    ['config_set', { requests: [{ path: '/system/system', method: 'patch' }] }],
    ['config_get', { paths: [42] }],
  ] as const)('rejects %s with %j at once', async (type, args) => {
    const run = start(device(), type, args);
    await vi.advanceTimersByTimeAsync(0);
    expect(run.done()).toMatchObject({
      status: 'rejected',
      message: expect.stringMatching(/^invalid args\./),
    });
  });
});

describe('a simulated configuration across restarts', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'nf-sim-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is kept in the fleet state once changed, and read back by the next run', async () => {
    const statePath = join(dir, 'state.json');
    const state = await FleetState.load(statePath);
    const router = device();
    state.set(router.serial, { device_id: 7, username: 'd7', password: 'secret' });
    // As fleet.ts keeps it.
    const options: Partial<SimCommandOptions> = {
      onConfigChanged: (changed) =>
        state.set(changed.serial, { ...state.get(changed.serial), config: changed.config }),
    };
    // Reading the defaults, or setting what is already set, stores nothing.
    await finish(router, 'config_get', {}, options);
    const same = { requests: [put('/network/lan', { ipaddr: '192.168.1.1' })] };
    expect(await finish(router, 'config_set', same, options)).toMatchObject({
      status: 'completed',
    });
    await state.flush();
    expect((await FleetState.load(statePath)).get(router.serial)?.config).toBeUndefined();

    const outcome = await finish(
      router,
      'config_set',
      { requests: [put('/network/lan', { ipaddr: '10.20.0.1' })] },
      options,
    );
    expect(outcome.status).toBe('completed');
    await state.flush();

    const reloaded = await FleetState.load(statePath);
    expect(reloaded.get(router.serial)).toMatchObject({ device_id: 7, config: router.config });
    const next = device();
    restoreDeviceState([next], reloaded);
    const read = await finish(next, 'config_get', { paths: ['/network/lan'] });
    expect(json(read).network.lan.ipaddr).toBe('10.20.0.1');
    // A device no job configured starts from its defaults again.
    const other = new SimDevice(8, 42, NOW);
    restoreDeviceState([other], reloaded);
    expect(other.config).toBeUndefined();
  });
});
