import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AlertsConfigArgs, deviceAlertConfigSchema } from '@netfleet/contracts';
import { AlertWatch } from '../alert-jobs.ts';
import type { CommandContext } from '../types.ts';
import { AgentConfigStore } from './agent-config.ts';
import { AlertStore } from './alert-store.ts';
import { CollectStore } from './collect-store.ts';
import { runLinuxCommand } from './linux-commands.ts';

const set: AlertsConfigArgs = {
  version: 4,
  configs: [
    deviceAlertConfigSchema.parse({ id: 7, alert_type_id: 1, alert_subtype_id: 1 }),
    deviceAlertConfigSchema.parse({
      id: 8,
      alert_type_id: 5,
      alert_subtype_id: 13,
      latitude: 54.687,
      longitude: 25.28,
      radius: 500,
    }),
  ],
};

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nf-agent-alerts-'));
  path = join(dir, 'alerts.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

let nextId = 900;
const run = async (args: Record<string, unknown>, store: AlertStore) => {
  const context: CommandContext = {
    progress: async () => undefined,
    sendAllTelemetry: () => undefined,
    restart: async () => undefined,
    collect: () => undefined,
    alerts: vi.fn(),
  };
  const outcome = await runLinuxCommand(
    { id: nextId++, type: 'alerts_config', args, expires_at: Date.now() + 60_000 },
    context,
    {
      allowReboot: false,
      downloadDir: join(dir, 'downloads'),
      config: await AgentConfigStore.load(join(dir, 'config.json'), () => undefined),
      collect: await CollectStore.load(join(dir, 'collect.json'), () => undefined),
      alerts: store,
      markPending: async () => undefined,
      clearPending: async () => undefined,
    },
  );
  return { outcome, alerts: context.alerts };
};

describe('the Linux agent alerts_config', () => {
  it('saves the set in alerts.json, applies it, and starts with it next time', async () => {
    const store = await AlertStore.load(path, () => undefined);
    const { outcome, alerts } = await run(set, store);
    expect(outcome).toEqual({ status: 'completed', message: 'Watching 2 alert configs' });
    expect(alerts).toHaveBeenCalledExactlyOnceWith(set);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ version: 1, set });
    expect((await AlertStore.load(path, () => undefined)).set()).toEqual(set);
    const rejected = await run({ version: 5, configs: [{ id: 'x' }] }, store);
    expect(rejected.outcome).toMatchObject({ status: 'rejected' });
    expect(rejected.alerts).not.toHaveBeenCalled();
  });

  it('fails without applying a set it cannot save, and warns about a file it cannot use', async () => {
    writeFileSync(join(dir, 'file'), '');
    const store = await AlertStore.load(join(dir, 'file', 'alerts.json'), () => undefined);
    const { outcome, alerts } = await run(set, store);
    expect(outcome).toEqual({
      status: 'failed',
      message: expect.stringMatching(/^The alert configs could not be saved: /),
    });
    expect(alerts).not.toHaveBeenCalled();
    writeFileSync(path, '{"version":');
    const warn = vi.fn();
    expect((await AlertStore.load(path, warn)).set().configs).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('AlertWatch', () => {
  it('evaluates each reading sent: a reboot from dynamic, a geofence exit from gps', () => {
    const published: unknown[] = [];
    let now = 1_750_000_000_000;
    const watch = new AlertWatch(
      set,
      (message) => published.push(message),
      () => now,
    );
    const dynamic = (uptime: number) => ({
      uptime,
      temperature: 400,
      memory_free: null,
      load: null,
      wan_state: null,
      modems: [],
    });
    expect(watch.reading('dynamic', dynamic(900))).toEqual([]);
    now += 60_000;
    expect(watch.reading('dynamic', dynamic(30)).map((event) => event.config_id)).toEqual([7]);
    const gps = { latitude: 54.75, longitude: 25.28, speed: 0, satellites: 8 };
    expect(watch.reading('gps', gps)).toEqual([
      expect.objectContaining({ config_id: 8, ts: now, text: expect.stringContaining('left') }),
    ]);
    expect(published).toHaveLength(2);
    watch.replace({ version: 5, configs: [] });
    expect(watch.reading('gps', gps)).toEqual([]);
  });

  it('sums the bytes dynamic readings carry on the SIM and raises the data limit once', () => {
    const limit = deviceAlertConfigSchema.parse({
      id: 9,
      alert_type_id: 6,
      alert_subtype_id: 15,
      data_limit: 1,
      sim: 1,
      period: 'month',
      starts: 1,
    });
    const watch = new AlertWatch({ version: 1, configs: [limit] }, () => undefined);
    const reading = (bytes: number) => ({
      uptime: 100,
      temperature: null,
      memory_free: null,
      load: null,
      wan_state: null,
      modems: [
        {
          modem: 1,
          sim: 1,
          signal: -70,
          operator: null,
          network_state: null,
          connection_type: null,
          rx: bytes,
          tx: 0,
        },
      ],
    });
    expect(watch.reading('dynamic', reading(700_000))).toEqual([]);
    expect(watch.reading('dynamic', reading(700_000))).toEqual([
      expect.objectContaining({ config_id: 9, values: { data_used: 1_400_000, data_limit: 1 } }),
    ]);
    expect(watch.reading('dynamic', reading(700_000))).toEqual([]);
  });
});
