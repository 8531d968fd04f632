import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollectConfig } from '@netfleet/contracts';
import type { CommandContext } from '../types.ts';
import { AgentConfigStore } from './agent-config.ts';
import { CollectStore } from './collect-store.ts';
import { runLinuxCommand } from './linux-commands.ts';

const configs: CollectConfig[] = [
  {
    id: 4,
    period: 300,
    data: [
      {
        url: '/system/device/status',
        variables: [{ id: 'uptime', filter: '$.http_body.data.uptime', type: 'integer' }],
      },
    ],
  },
  {
    id: 5,
    period: 60,
    data: [
      {
        url: '/interfaces/status',
        query_parameters: [{ key: 'name', value: ['eth0'] }],
        variables: [{ id: 'rx', filter: '$.http_body.data[0].rx_bytes', type: 'number' }],
      },
    ],
  },
];

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nf-agent-collect-'));
  path = join(dir, 'collect.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

let nextId = 700;
const run = async (args: Record<string, unknown>, store: CollectStore) => {
  const context: CommandContext = {
    progress: async () => undefined,
    sendAllTelemetry: () => undefined,
    restart: async () => undefined,
    collect: vi.fn(),
  };
  const outcome = await runLinuxCommand(
    { id: nextId++, type: 'collect_config', args, expires_at: Date.now() + 60_000 },
    context,
    {
      allowReboot: false,
      downloadDir: join(dir, 'downloads'),
      config: await AgentConfigStore.load(join(dir, 'config.json'), () => undefined),
      collect: store,
      markPending: async () => undefined,
      clearPending: async () => undefined,
    },
  );
  return { outcome, collect: context.collect };
};

describe('the Linux agent collect_config', () => {
  it('saves the set in collect.json, applies it and says how many it collects', async () => {
    const store = await CollectStore.load(path, () => undefined);
    const { outcome, collect } = await run({ configs }, store);
    expect(outcome).toEqual({ status: 'completed', message: 'Collecting 2 configs' });
    expect(collect).toHaveBeenCalledExactlyOnceWith(configs);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ version: 1, configs });
    // The next start collects the same.
    expect((await CollectStore.load(path, () => undefined)).configs()).toEqual(configs);

    const stopped = await run({ configs: [] }, store);
    expect(stopped.outcome).toEqual({ status: 'completed', message: 'Data collection stopped' });
    expect(stopped.collect).toHaveBeenCalledExactlyOnceWith([]);
    expect((await CollectStore.load(path, () => undefined)).configs()).toEqual([]);
  });

  it('rejects args that do not fit, and changes nothing', async () => {
    const store = await CollectStore.load(path, () => undefined);
    await run({ configs: configs.slice(0, 1) }, store);
    const tooOften = { configs: [{ ...configs[0], period: 10 }] };
    const { outcome, collect } = await run(tooOften, store);
    expect(outcome).toEqual({
      status: 'rejected',
      message: expect.stringMatching(/^invalid args\.configs\.0\.period: /),
    });
    expect(collect).not.toHaveBeenCalled();
    expect((await run({}, store)).outcome).toMatchObject({
      status: 'rejected',
      message: expect.stringMatching(/^invalid args\.configs: /),
    });
    expect((await CollectStore.load(path, () => undefined)).configs()).toEqual(configs.slice(0, 1));
  });

  it('fails without applying a set it cannot save', async () => {
    writeFileSync(join(dir, 'file'), '');
    const store = await CollectStore.load(join(dir, 'file', 'collect.json'), () => undefined);
    const { outcome, collect } = await run({ configs }, store);
    expect(outcome).toEqual({
      status: 'failed',
      message: expect.stringMatching(/^The data-collect configs could not be saved: /),
    });
    expect(collect).not.toHaveBeenCalled();
    expect(store.configs()).toEqual([]);
  });

  it('starts collecting nothing, with a warning, from a file it cannot use', async () => {
    writeFileSync(path, JSON.stringify({ version: 1, configs: [{ id: 1, period: 5, data: [] }] }));
    const warn = vi.fn();
    expect((await CollectStore.load(path, warn)).configs()).toEqual([]);
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      expect.stringMatching(
        /collect\.json is not a valid data-collect file \(configs\.0\.period: /,
      ),
    );
    writeFileSync(path, '{"version":');
    expect((await CollectStore.load(path, warn)).configs()).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
