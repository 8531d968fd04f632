import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  readBackup,
  readTar,
  toUciText,
  writeTar,
  type CommandMessage,
  type TarEntry,
} from '@netfleet/contracts';
import { startBackupServer, UPLOAD_ANSWER, type BackupServer } from '../testing/backup-server.ts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import { RESTORE_DISABLED } from './agent-backup.ts';
import { AgentConfigStore } from './agent-config.ts';
import { CollectStore } from './collect-store.ts';
import { runLinuxCommand, type LinuxCommandOptions } from './linux-commands.ts';

const context: CommandContext = {
  progress: async () => undefined,
  sendAllTelemetry: () => undefined,
  restart: async () => undefined,
  collect: () => undefined,
};
const isRoot = process.getuid?.() === 0;

let server: BackupServer;
beforeAll(async () => {
  server = await startBackupServer();
});
afterAll(() => server.close());

let dir: string;
let config: AgentConfigStore;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nf-agent-backup-'));
  mkdirSync(join(dir, 'app', 'sub'), { recursive: true });
  writeFileSync(join(dir, 'app', 'a.conf'), 'option a 1\n', { mode: 0o640 });
  writeFileSync(join(dir, 'app', 'sub', 'b.conf'), 'b');
  writeFileSync(join(dir, 'single.txt'), 'single');
  writeFileSync(join(dir, 'secret'), 'not allow-listed');
  symlinkSync(join(dir, 'secret'), join(dir, 'app', 'link'));
  symlinkSync(join(dir), join(dir, 'app', 'dirlink'));
  config = await AgentConfigStore.load(join(dir, 'state', 'config.json'), () => undefined);
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  server.uploads.length = 0;
});

let nextId = 500;
const run = async (
  type: CommandMessage['type'],
  args: Record<string, unknown>,
  options: Partial<LinuxCommandOptions> = {},
): Promise<CommandOutcome> =>
  runLinuxCommand({ id: nextId++, type, args, expires_at: Date.now() + 60_000 }, context, {
    allowReboot: false,
    downloadDir: join(dir, 'downloads'),
    config,
    collect: await CollectStore.load(join(dir, 'state', 'collect.json'), () => undefined),
    markPending: async () => undefined,
    clearPending: async () => undefined,
    backupPaths: [join(dir, 'app'), join(dir, 'single.txt'), join(dir, 'missing')],
    ...options,
  });
const exportArgs = (maxSize = 1024 * 1024) => ({
  upload_url: `${server.base}/api/devices/backups`,
  max_size: maxSize,
});
/** The archive path of a file in the test directory. */
const at = (...parts: string[]) => join(dir, ...parts).slice(1);

describe('the Linux agent backup_export', () => {
  it('uploads its settings as etc/config/netfleet and the allow-listed regular files', async () => {
    await config.set({
      id: 1,
      type: 'config_set',
      args: {
        requests: [{ path: '/netfleet/agent', method: 'put', request_data: { location: 'Depot' } }],
      },
      expires_at: Date.now() + 60_000,
    });
    const unreadable = join(dir, 'app', 'locked');
    writeFileSync(unreadable, 'locked');
    chmodSync(unreadable, 0);
    // Neither read (it would block) nor archived: not a regular file.
    execFileSync('mkfifo', [join(dir, 'app', 'fifo')]);

    const outcome = await run('backup_export', exportArgs());
    expect(outcome).toEqual({
      status: 'completed',
      message: 'Backup uploaded',
      result: JSON.stringify(UPLOAD_ANSWER),
    });
    const [upload] = server.uploads;
    expect(upload).toMatchObject({ method: 'PUT', url: '/api/devices/backups' });
    expect(upload?.headers['content-type']).toBe('application/gzip');
    const archive = gunzipSync(upload?.body ?? Buffer.alloc(0));
    const entries = readTar(archive);
    // Symlinks are not followed, a FIFO is left out, and so is an unreadable file (root reads it
    // all the same).
    expect(entries.map((entry) => entry.path)).toEqual([
      'etc',
      'etc/config',
      'etc/config/netfleet',
      at('app', 'a.conf'),
      ...(isRoot ? [at('app', 'locked')] : []),
      at('app', 'sub', 'b.conf'),
      at('single.txt'),
    ]);
    const file = entries.find((entry) => entry.path === at('app', 'a.conf'));
    expect(Buffer.from(file?.data ?? []).toString()).toBe('option a 1\n');
    expect(file?.mode).toBe(0o640);
    const contents = readBackup(archive);
    expect(contents.config).toEqual(config.current());
    expect(contents.config.netfleet?.agent?.location).toBe('Depot');
  });

  it('holds only its settings without --backup-paths', async () => {
    await run('backup_export', exportArgs(), { backupPaths: [] });
    const archive = gunzipSync(server.uploads[0]?.body ?? Buffer.alloc(0));
    expect(readTar(archive).map((entry) => entry.path)).toEqual([
      'etc',
      'etc/config',
      'etc/config/netfleet',
    ]);
    const text = Buffer.from(readTar(archive)[2]?.data ?? []).toString();
    expect(text).toBe(toUciText(config.current().netfleet ?? {}));
  });

  it('fails when the allow-listed files exceed max_size, uploading nothing', async () => {
    writeFileSync(join(dir, 'app', 'big.bin'), Buffer.alloc(8000, 1));
    expect(await run('backup_export', exportArgs(6000))).toEqual({
      status: 'failed',
      message: 'Backup too large',
    });
    expect(server.uploads).toHaveLength(0);
  });
});

describe('the Linux agent backup_restore', () => {
  const settings = (location: string, logLevel = 'info') =>
    Buffer.from(
      toUciText({
        agent: { '.type': 'agent', description: '', log_level: logLevel, location },
      }),
    );
  const backup = (entries: TarEntry[]) => server.serve(gzipSync(writeTar(entries)));

  it('writes back only allow-listed files, each atomically, and the settings', async () => {
    const inode = statSync(join(dir, 'app', 'a.conf')).ino;
    const outcome = await run(
      'backup_restore',
      backup([
        { path: 'etc/config/netfleet', data: settings('Restored') },
        { path: at('app', 'a.conf'), data: Buffer.from('option a 2\n'), mode: 0o600 },
        { path: at('app', 'new', 'c.conf'), data: Buffer.from('c'), mode: 0o4755 },
        { path: at('single.txt'), data: Buffer.from('single 2') },
        { path: at('secret'), data: Buffer.from('overwritten') },
        { path: `${at('app')}/../secret`, data: Buffer.from('overwritten') },
        { path: at('app', 'dirlink', 'secret'), data: Buffer.from('overwritten') },
      ]),
      { allowRestore: true },
    );
    expect(outcome).toEqual({
      status: 'completed',
      message: 'Restored 4 files; ignored 3 not allow-listed',
      result: [at('secret'), `${at('app')}/../secret`, at('app', 'dirlink', 'secret')].join('\n'),
    });
    expect(readFileSync(join(dir, 'app', 'a.conf'), 'utf8')).toBe('option a 2\n');
    // Renamed over the old file (a new inode), keeping the old file's mode.
    const stat = statSync(join(dir, 'app', 'a.conf'));
    expect(stat.ino).not.toBe(inode);
    expect(stat.mode & 0o777).toBe(0o640);
    expect(readFileSync(join(dir, 'app', 'new', 'c.conf'), 'utf8')).toBe('c');
    expect(statSync(join(dir, 'app', 'new', 'c.conf')).mode & 0o7777).toBe(0o755);
    expect(readFileSync(join(dir, 'single.txt'), 'utf8')).toBe('single 2');
    expect(readFileSync(join(dir, 'secret'), 'utf8')).toBe('not allow-listed');
    expect(readdirSync(join(dir, 'app')).filter((name) => name.includes('nf-restore'))).toEqual([]);
    expect(config.current().netfleet?.agent?.location).toBe('Restored');
    const saved = JSON.parse(readFileSync(join(dir, 'state', 'config.json'), 'utf8'));
    expect(saved.config.netfleet.agent.location).toBe('Restored');
  });

  it('changes nothing when the settings do not fit their schema', async () => {
    const outcome = await run(
      'backup_restore',
      backup([
        { path: at('app', 'a.conf'), data: Buffer.from('option a 2\n') },
        { path: 'etc/config/netfleet', data: settings('x', 'loud') },
      ]),
      { allowRestore: true },
    );
    expect(outcome).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/^\/netfleet\/agent: log_level: /),
    });
    expect(readFileSync(join(dir, 'app', 'a.conf'), 'utf8')).toBe('option a 1\n');
    expect(readdirSync(join(dir, 'app')).filter((name) => name.includes('nf-restore'))).toEqual([]);
    expect(config.current().netfleet?.agent?.log_level).toBe('info');
  });

  it('is rejected without --allow-restore, before downloading anything', async () => {
    const served = backup([{ path: at('app', 'a.conf'), data: Buffer.from('x') }]);
    const outcome = await run('backup_restore', served, { allowRestore: false });
    expect(outcome).toEqual({ status: 'rejected', message: RESTORE_DISABLED });
    expect(RESTORE_DISABLED).toMatch(/--allow-restore/);
    expect(readFileSync(join(dir, 'app', 'a.conf'), 'utf8')).toBe('option a 1\n');
    expect(server.uploads).toHaveLength(0);
  });

  it('fails on an archive that is not a backup', async () => {
    const served = server.serve(Buffer.from('garbage'));
    expect(await run('backup_restore', served, { allowRestore: true })).toEqual({
      status: 'failed',
      message: 'The file is not a backup (a gzipped tar archive)',
    });
    expect(existsSync(join(dir, 'state', 'config.json'))).toBe(false);
  });
});
