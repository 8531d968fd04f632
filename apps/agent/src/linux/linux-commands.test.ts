import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ESIM_MESSAGES, type CommandMessage } from '@netfleet/contracts';
import { HUB_MESSAGES } from '../hub-jobs.ts';
import { FakeHubRuntime } from '../testing/fake-hub-runtime.ts';
import type { CommandContext } from '../types.ts';
import { AgentConfigStore } from './agent-config.ts';
import { CollectStore } from './collect-store.ts';
import { createHubMode } from './hub-mode.ts';
import type * as AllowList from './allow-list.ts';
import {
  HOTSPOT_NOT_SUPPORTED,
  KILL_GRACE_MS,
  PASSWORD_CHANGE_DISABLED,
  runLinuxCommand,
  type LinuxCommandOptions,
  type Program,
} from './linux-commands.ts';

// A few extra allow-list lines that run small node scripts, so exit codes and slow commands can
// be tested without depending on what the host has installed.
const fake = vi.hoisted(() => {
  const node = (script: string) => ({ file: process.execPath, args: ['-e', script] });
  const lines: Record<string, { file: string; args: string[] }> = {
    'test exit 3': node("console.log('some output'); console.error('an error'); process.exit(3)"),
    'test exit 0': node("console.log('fine')"),
    // Both end themselves after 10 s, so a failing test leaves nothing running for long.
    'test slow': node('console.log(process.pid); setTimeout(() => {}, 10_000)'),
    'test stubborn': node(
      "process.on('SIGTERM', () => {}); console.log(process.pid); setTimeout(() => {}, 10_000)",
    ),
  };
  return { lines };
});
vi.mock('./allow-list.ts', async (importOriginal) => {
  const original = await importOriginal<typeof AllowList>();
  return {
    ...original,
    resolveCommand: (line: string) => fake.lines[line] ?? original.resolveCommand(line),
  };
});

const context: CommandContext = {
  progress: async () => undefined,
  sendAllTelemetry: () => undefined,
  restart: async () => undefined,
  collect: () => undefined,
};
const configDir = mkdtempSync(join(tmpdir(), 'nf-agent-config-'));
afterAll(() => rmSync(configDir, { recursive: true, force: true }));
const options = {
  allowReboot: false,
  downloadDir: '/nonexistent',
  config: await AgentConfigStore.load(join(configDir, 'config.json'), () => undefined),
  collect: await CollectStore.load(join(configDir, 'collect.json'), () => undefined),
  markPending: async () => undefined,
  clearPending: async () => undefined,
};

let nextId = 100;
const run = (args: Record<string, unknown>) =>
  runLinuxCommand(
    { id: nextId++, type: 'command', args, expires_at: Date.now() + 60_000 },
    context,
    options,
  );

/** Whether a process with this id still exists (a reaped one does not). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the Linux agent', () => {
  it('says at once that it cannot manage hotspot users, instead of letting the console wait', async () => {
    const types = [
      'hotspot_users',
      'hotspot_sessions',
      'hotspot_user_add',
      'hotspot_user_delete',
    ] as const;
    for (const [i, type] of types.entries()) {
      const command: CommandMessage = {
        id: i + 1,
        type,
        args: { index: 0, username: 'guest', password: 'p' },
        expires_at: Date.now() + 60_000,
      };
      expect(await runLinuxCommand(command, context, options)).toEqual({
        status: 'rejected',
        message: HOTSPOT_NOT_SUPPORTED,
      });
    }
  });

  it('says it has no eSIM rather than inventing profiles or a bootstrap status', async () => {
    for (const [i, type] of (['esim_bootstrap', 'esim_profile'] as const).entries()) {
      const command: CommandMessage = {
        id: 50 + i,
        type,
        args: { action: 'disable', iccid: '8937000000000000001' },
        expires_at: Date.now() + 60_000,
      };
      expect(await runLinuxCommand(command, context, options)).toEqual({
        status: 'rejected',
        message: ESIM_MESSAGES.notSupported,
      });
    }
  });

  it('rejects the hub jobs unless started with --hub, and hands them to hub mode if it was', async () => {
    const sync: CommandMessage = {
      id: 5,
      type: 'vpn_hub_sync',
      args: { hub_ids: [] },
      expires_at: Date.now() + 60_000,
    };
    expect(await runLinuxCommand(sync, context, options)).toEqual({
      status: 'rejected',
      message: HUB_MESSAGES.notHubMode,
    });
    const hub = createHubMode({
      runtime: new FakeHubRuntime(configDir),
      dataDir: configDir,
      publish: () => undefined,
      log: () => undefined,
    });
    try {
      expect(await runLinuxCommand(sync, context, { ...options, hub })).toEqual({
        status: 'completed',
        message: HUB_MESSAGES.synced([]),
      });
    } finally {
      await hub.close();
    }
  });

  it('runs an allow-listed command as before when the job gives neither timeout nor codes', async () => {
    const outcome = await run({ command: 'date' });
    expect(outcome.status).toBe('completed');
    expect(outcome.result).toMatch(/\d{4}/);
  });

  it('fails a command whose exit code is not acceptable, with the code and its output', async () => {
    expect(await run({ command: 'test exit 3' })).toEqual({
      status: 'failed',
      message: 'Exit code 3',
      result: 'some output\nan error\n',
    });
    expect(await run({ command: 'test exit 0', acceptable_codes: [1, 2] })).toEqual({
      status: 'failed',
      message: 'Exit code 0',
      result: 'fine\n',
    });
  });

  it('completes a command whose exit code is in acceptable_codes', async () => {
    expect(await run({ command: 'test exit 3', acceptable_codes: [0, 3] })).toEqual({
      status: 'completed',
      result: 'some output\nan error\n',
    });
    // An empty list means the default, [0].
    expect(await run({ command: 'test exit 0', acceptable_codes: [] })).toMatchObject({
      status: 'completed',
    });
    expect(await run({ command: 'test exit 0', timeout: 10 })).toMatchObject({
      status: 'completed',
      result: 'fine\n',
    });
  });

  it('kills a command that outlives its timeout and reports it failed', async () => {
    const started = Date.now();
    const outcome = await run({ command: 'test slow', timeout: 1, acceptable_codes: [0, 143] });
    const elapsed = Date.now() - started;
    expect(outcome).toMatchObject({ status: 'failed', message: 'Timed out after 1 s' });
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    expect(elapsed).toBeLessThan(1000 + KILL_GRACE_MS);
    const pid = Number(outcome.result?.trim());
    expect(pid).toBeGreaterThan(0);
    expect(alive(pid)).toBe(false);
  });

  it('kills a command that ignores SIGTERM once the grace period is over', async () => {
    const started = Date.now();
    const outcome = await run({ command: 'test stubborn', timeout: 1 });
    expect(outcome).toMatchObject({ status: 'failed', message: 'Timed out after 1 s' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000 + KILL_GRACE_MS);
    expect(alive(Number(outcome.result?.trim()))).toBe(false);
  });

  it.each([
    [{ command: 'date', timeout: 0 }, /^invalid args\.timeout/],
    [{ command: 'date', timeout: 301 }, /^invalid args\.timeout/],
    [{ command: 'date', timeout: 1.5 }, /^invalid args\.timeout/],
    [{ command: 'date', acceptable_codes: [256] }, /^invalid args\.acceptable_codes\.0/],
    [{ command: 'date', acceptable_codes: 0 }, /^invalid args\.acceptable_codes/],
    [{ timeout: 5 }, /^args\.command is required$/],
  ])('rejects invalid arguments %j without running anything', async (args, message) => {
    const outcome = await run(args);
    expect(outcome.status).toBe('rejected');
    expect(outcome.message).toMatch(message);
  });
});

// A stand-in for chpasswd: records its arguments and what it read on stdin in the file named by its
// first argument; with `fail` as the second it complains on stderr, echoing its input (as a
// careless chpasswd might), and exits 1.
const FAKE_CHPASSWD = `
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  require('node:fs').writeFileSync(process.argv[1], JSON.stringify({ argv: process.argv, stdin: input }));
  if (process.argv[2] === 'fail') {
    process.stderr.write('chpasswd: (user root) pam_chauthtok() failed, error:\\n');
    process.stderr.write('Authentication token manipulation error\\n');
    process.stderr.write('chpasswd: (line 1) password not changed: ' + input);
    process.exit(1);
  }
});
`;

describe('set_password on the Linux agent', () => {
  const PASSWORD = 'S3cret-pass:word';
  let dir: string;
  let record: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'nf-chpasswd-'));
    record = join(dir, 'record.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const fakeChpasswd = (mode: 'ok' | 'fail' = 'ok'): Program => ({
    file: process.execPath,
    args: ['-e', FAKE_CHPASSWD, record, mode],
  });
  /** What the fake chpasswd was given, or null when it never ran. */
  const recorded = (): { argv: string[]; stdin: string } | null =>
    existsSync(record) ? JSON.parse(readFileSync(record, 'utf8')) : null;
  const setPassword = (args: Record<string, unknown>, extra: Partial<LinuxCommandOptions>) =>
    runLinuxCommand(
      { id: nextId++, type: 'set_password', args, expires_at: Date.now() + 60_000 },
      context,
      { ...options, chpasswd: fakeChpasswd(), ...extra },
    );

  it('refuses without --allow-password-change and runs nothing', async () => {
    for (const extra of [{}, { allowPasswordChange: false }]) {
      expect(await setPassword({ password: PASSWORD }, extra)).toEqual({
        status: 'rejected',
        message: PASSWORD_CHANGE_DISABLED,
      });
    }
    expect(PASSWORD_CHANGE_DISABLED).toMatch(/--allow-password-change/);
    expect(recorded()).toBeNull();
  });

  it('pipes user:password to chpasswd on stdin, never in its arguments, and completes', async () => {
    const outcome = await setPassword({ password: PASSWORD }, { allowPasswordChange: true });
    expect(outcome).toEqual({ status: 'completed', message: 'Password changed' });
    const seen = recorded();
    expect(seen?.stdin).toBe(`root:${PASSWORD}\n`);
    expect(seen?.argv.join(' ')).not.toContain(PASSWORD);
  });

  it('sets the password of the --password-user', async () => {
    const outcome = await setPassword(
      { password: PASSWORD },
      { allowPasswordChange: true, passwordUser: 'admin' },
    );
    expect(outcome.status).toBe('completed');
    expect(recorded()?.stdin).toBe(`admin:${PASSWORD}\n`);
  });

  it("fails with chpasswd's stderr, the password scrubbed out of it", async () => {
    const outcome = await setPassword(
      { password: PASSWORD },
      { allowPasswordChange: true, chpasswd: fakeChpasswd('fail') },
    );
    expect(recorded()?.stdin).toBe(`root:${PASSWORD}\n`);
    expect(outcome.status).toBe('failed');
    expect(outcome.message).toMatch(/^chpasswd: \(user root\) pam_chauthtok\(\) failed/);
    expect(outcome.message).toContain('Authentication token manipulation error');
    // The fake echoed its input; the ack shows where the password was, not what it is.
    expect(outcome.message).toContain('password not changed: root:********');
    expect(JSON.stringify(outcome)).not.toContain(PASSWORD);
  });

  it('fails, saying so, when chpasswd cannot be started', async () => {
    const outcome = await setPassword(
      { password: PASSWORD },
      { allowPasswordChange: true, chpasswd: { file: join(dir, 'no-chpasswd'), args: [] } },
    );
    expect(outcome.status).toBe('failed');
    expect(outcome.message).toMatch(/^chpasswd could not be started: .*ENOENT/);
  });

  it.each([
    [{ password: 'short' }],
    [{ password: 'x'.repeat(33) }],
    [{ password: 12345678 }],
    [{}],
    // A line break would hand chpasswd a second user:password line.
    [{ password: 'abcdefgh\nadmin:owned' }],
    [{ password: 'abcd\u0000efgh' }],
  ])('rejects invalid arguments %j without running chpasswd', async (args) => {
    const outcome = await setPassword(args, { allowPasswordChange: true });
    expect(outcome.status).toBe('rejected');
    expect(outcome.message).toMatch(/^args\.password /);
    const { password } = args as { password?: unknown };
    if (typeof password === 'string') expect(outcome.message).not.toContain(password);
    expect(recorded()).toBeNull();
  });
});

describe('config jobs on the Linux agent', () => {
  const job = (type: 'config_get' | 'config_set', args: Record<string, unknown>) =>
    runLinuxCommand(
      { id: nextId++, type, args, expires_at: Date.now() + 60_000 },
      context,
      options,
    );

  it('reads its settings, changes them all or nothing, and keeps them in config.json', async () => {
    expect(JSON.parse((await job('config_get', { paths: ['/netfleet'] })).result ?? '')).toEqual({
      netfleet: {
        agent: { '.type': 'agent', description: '', log_level: 'info', location: '' },
      },
    });
    const set = await job('config_set', {
      requests: [
        { path: '/netfleet/agent', method: 'put', request_data: { location: 'Rack 4' } },
        { path: '/netfleet/agent', method: 'put', request_data: { log_level: 'debug' } },
      ],
    });
    expect(set).toMatchObject({ status: 'completed', message: '2 changes applied' });
    expect(JSON.parse(set.result ?? '').results.map((r: { code: number }) => r.code)).toEqual([
      200, 200,
    ]);
    const refused = await job('config_set', {
      requests: [
        { path: '/netfleet/agent', method: 'put', request_data: { location: 'Rack 5' } },
        { path: '/network/lan', method: 'put', request_data: { proto: 'dhcp' } },
      ],
    });
    expect(refused).toMatchObject({
      status: 'failed',
      message: 'The device has no network configuration',
    });
    const saved = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8'));
    expect(saved.config.netfleet.agent).toMatchObject({ location: 'Rack 4', log_level: 'debug' });
    expect(JSON.parse((await job('config_get', {})).result ?? '')).toEqual(saved.config);
  });

  it.each([
    ['config_get', { paths: '/netfleet' }, /^invalid args\.paths: /],
    ['config_set', {}, /^invalid args\.requests: /],
    ['config_set', { requests: [] }, /^invalid args\.requests: /],
    [
      'config_set',
      { requests: [{ path: '/netfleet/agent', method: 'patch' }] },
      /^invalid args\.requests\.0\.method: /,
    ],
  ] as const)('rejects %s with %j', async (type, args, message) => {
    const outcome = await job(type, args);
    expect(outcome.status).toBe('rejected');
    expect(outcome.message).toMatch(message);
  });
});
