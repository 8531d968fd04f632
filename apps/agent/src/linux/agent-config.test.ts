import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandMessage } from '@netfleet/contracts';
import { CONFIG_RESULT_TOO_LARGE } from '../config-jobs.ts';
import { AgentConfigStore, defaultAgentConfig } from './agent-config.ts';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nf-agent-config-'));
  path = join(dir, 'config.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

let nextId = 1;
const command = (
  type: 'config_get' | 'config_set',
  args: Record<string, unknown>,
): CommandMessage => ({ id: nextId++, type, args, expires_at: Date.now() + 60_000 });
const put = (data: Record<string, string | null>) => ({
  path: '/netfleet/agent',
  method: 'put',
  request_data: data,
});
const withLogLevel = (level: string) => {
  const config = defaultAgentConfig();
  const agent = config.netfleet?.agent;
  if (agent) agent.log_level = level;
  return config;
};
const read = (store: AgentConfigStore) =>
  JSON.parse(store.get(command('config_get', {})).result ?? '');

describe("the agent's configuration store", () => {
  it('starts from the defaults without writing a file, and keeps a change across a restart', async () => {
    const warn = vi.fn();
    const store = await AgentConfigStore.load(path, warn);
    expect(read(store)).toEqual(defaultAgentConfig());
    expect(existsSync(path)).toBe(false);

    const outcome = await store.set(
      command('config_set', { requests: [put({ description: 'Edge box', location: 'Vilnius' })] }),
    );
    expect(outcome).toMatchObject({ status: 'completed', message: '1 change applied' });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ version: 1, config: read(store) });

    const reloaded = await AgentConfigStore.load(path, warn);
    expect(read(reloaded).netfleet.agent).toEqual({
      '.type': 'agent',
      description: 'Edge box',
      log_level: 'info',
      location: 'Vilnius',
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['cut-short JSON', '{"version":1,"config":{"netf', /^Unterminated string in JSON/],
    [
      'another shape',
      '{"version":1,"config":{"netfleet":{"agent":"info"}}}',
      /^config\.netfleet\.agent: Invalid input/,
    ],
    [
      'a value the schema refuses',
      JSON.stringify({ version: 1, config: withLogLevel('verbose') }),
      /^\/netfleet\/agent: log_level: Use one of: debug, info, warn, error$/,
    ],
    [
      'a section without a type',
      '{"version":1,"config":{"netfleet":{"agent":{"log_level":"info"}}}}',
      /^\/netfleet\/agent: A new section needs its type/,
    ],
    [
      'a config the agent does not have',
      '{"version":1,"config":{"network":{}}}',
      /^The device has no network configuration$/,
    ],
  ])('falls back to the defaults with a warning on %s', async (_case, text, problem) => {
    writeFileSync(path, text);
    const warn = vi.fn();
    const store = await AgentConfigStore.load(path, warn);
    expect(read(store)).toEqual(defaultAgentConfig());
    expect(warn).toHaveBeenCalledOnce();
    const [message] = warn.mock.calls[0] as [string];
    const prefix = `${path} is not a valid configuration (`;
    const suffix = '); using the defaults';
    expect(message.startsWith(prefix) && message.endsWith(suffix)).toBe(true);
    expect(message.slice(prefix.length, -suffix.length)).toMatch(problem);
  });

  it('leaves the file and the store as they were when a request is refused', async () => {
    const store = await AgentConfigStore.load(path, () => undefined);
    await store.set(command('config_set', { requests: [put({ log_level: 'warn' })] }));
    const before = readFileSync(path, 'utf8');
    const outcome = await store.set(
      command('config_set', {
        requests: [put({ location: 'Kaunas' }), put({ log_level: 'verbose' })],
      }),
    );
    expect(outcome).toMatchObject({
      status: 'failed',
      message: 'log_level: Use one of: debug, info, warn, error',
    });
    expect(JSON.parse(outcome.result ?? '').results).toHaveLength(2);
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(read(store).netfleet.agent).toMatchObject({ location: '', log_level: 'warn' });
  });

  it('fails without changing anything when the file cannot be written', async () => {
    // A file where the store's directory should be: the write fails.
    writeFileSync(join(dir, 'blocked'), '');
    const store = await AgentConfigStore.load(join(dir, 'blocked', 'config.json'), () => undefined);
    const outcome = await store.set(command('config_set', { requests: [put({ location: 'x' })] }));
    expect(outcome).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/^The configuration could not be saved: /),
    });
    expect(read(store)).toEqual(defaultAgentConfig());
  });

  it('fails a change whose result does not fit an ack, and keeps nothing of it', async () => {
    const store = await AgentConfigStore.load(path, () => undefined);
    const long = 'd'.repeat(250);
    const requests = Array.from({ length: 40 }, (_, i) => put({ description: `${i}${long}` }));
    const outcome = await store.set(command('config_set', { requests }));
    expect(outcome).toEqual({ status: 'failed', message: CONFIG_RESULT_TOO_LARGE });
    expect(existsSync(path)).toBe(false);
    expect(read(store)).toEqual(defaultAgentConfig());
  });

  it('applies jobs that arrive together one after the other, losing neither', async () => {
    const store = await AgentConfigStore.load(path, () => undefined);
    const outcomes = await Promise.all([
      store.set(command('config_set', { requests: [put({ location: 'Riga' })] })),
      store.set(command('config_set', { requests: [put({ description: 'Gate' })] })),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['completed', 'completed']);
    const saved = JSON.parse(readFileSync(path, 'utf8')).config;
    expect(saved.netfleet.agent).toMatchObject({ location: 'Riga', description: 'Gate' });
    // The second job's before is the first one's after.
    expect(JSON.parse(outcomes[1]?.result ?? '').results[0].before.location).toBe('Riga');
  });
});
