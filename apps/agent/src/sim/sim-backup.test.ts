import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BACKUP_MESSAGES,
  backupEntriesOf,
  readBackup,
  readTar,
  writeTar,
  type DeviceConfig,
} from '@netfleet/contracts';
import { startBackupServer, UPLOAD_ANSWER, type BackupServer } from '../testing/backup-server.ts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import { FleetState } from './fleet-state.ts';
import { BACKUP_EXPORT_MAX_MS, BACKUP_EXPORT_MIN_MS } from './sim-backup.ts';
import { SIM_FAILURES, runSimCommand, type SimCommandOptions } from './sim-commands.ts';
import { SimDevice } from './sim-device.ts';

const NOW = () => 1_750_000_000_000;
// Index 7 is an RUTX11 (Wi-Fi, so it has a wireless config); index 2 (RUT300) has no Wi-Fi.
const device = (index = 7) => new SimDevice(index, 42, NOW);

let server: BackupServer;
beforeAll(async () => {
  server = await startBackupServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
  server.uploads.length = 0;
  server.answer = { status: 200, body: JSON.stringify(UPLOAD_ANSWER) };
});

let nextId = 1;
const run = (
  target: SimDevice,
  type: 'backup_export' | 'backup_restore',
  args: Record<string, unknown>,
  options: Partial<SimCommandOptions> = {},
  context: Partial<CommandContext> = {},
): Promise<CommandOutcome> =>
  runSimCommand(
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
  );
const exportArgs = (maxSize = 1024 * 1024) => ({
  upload_url: `${server.base}/api/devices/backups?device_id=7`,
  max_size: maxSize,
});
const gzipOf = (config: DeviceConfig) => gzipSync(writeTar(backupEntriesOf(config)));

describe('simulated backup_export', () => {
  it("uploads its configuration store as a gzipped tar after 0.5 to 1.5 s, and acks the server's answer", async () => {
    const router = device();
    const delay = device().rng.int(BACKUP_EXPORT_MIN_MS, BACKUP_EXPORT_MAX_MS);
    const progress = vi.fn(async () => expect(server.uploads).toHaveLength(0));
    const started = Date.now();
    const outcome = await run(router, 'backup_export', exportArgs(), {}, { progress });
    expect(Date.now() - started).toBeGreaterThanOrEqual(delay - 5);
    expect(outcome).toEqual({
      status: 'completed',
      message: 'Backup uploaded',
      result: JSON.stringify(UPLOAD_ANSWER),
    });
    expect(server.uploads).toHaveLength(1);
    const [upload] = server.uploads;
    expect(upload).toMatchObject({ method: 'PUT', url: '/api/devices/backups?device_id=7' });
    expect(upload?.headers['content-type']).toBe('application/gzip');
    expect(upload?.headers['x-requested-with']).toBe('netfleet-device');
    const archive = gunzipSync(upload?.body ?? Buffer.alloc(0));
    expect(readBackup(archive).config).toEqual(router.configStore());
    expect(readTar(archive).map((entry) => [entry.path, entry.mtime])).toEqual([
      ['etc', 1_750_000_000],
      ['etc/config', 1_750_000_000],
      ...['system', 'network', 'firewall', 'wireless'].map((name) => [
        `etc/config/${name}`,
        1_750_000_000,
      ]),
    ]);
    expect(progress).toHaveBeenCalledExactlyOnceWith(0, upload?.body.length, 'uploading');
  });

  it("fails with the server's error message, or its HTTP status", async () => {
    server.answer = {
      status: 413,
      body: JSON.stringify({ success: false, errors: [{ message: BACKUP_MESSAGES.tooLarge }] }),
    };
    expect(await run(device(), 'backup_export', exportArgs())).toEqual({
      status: 'failed',
      message: BACKUP_MESSAGES.tooLarge,
    });
    server.answer = { status: 502, body: '<html>Bad gateway</html>' };
    expect(await run(device(), 'backup_export', exportArgs())).toEqual({
      status: 'failed',
      message: 'Upload failed: HTTP 502',
    });
    expect(server.uploads).toHaveLength(2);
  });

  it('refuses a backup larger than max_size after its time, uploading nothing', async () => {
    vi.useFakeTimers();
    let outcome: CommandOutcome | undefined;
    void run(device(), 'backup_export', exportArgs(200)).then((o) => (outcome = o));
    await vi.advanceTimersByTimeAsync(BACKUP_EXPORT_MIN_MS - 1);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(BACKUP_EXPORT_MAX_MS);
    expect(outcome).toEqual({ status: 'failed', message: 'Backup too large' });
    expect(server.uploads).toHaveLength(0);
  });

  it('fails at the job failure rate after its time, uploading nothing', async () => {
    vi.useFakeTimers();
    let outcome: CommandOutcome | undefined;
    void run(device(), 'backup_export', exportArgs(), { jobFailureRate: 1 }).then(
      (o) => (outcome = o),
    );
    await vi.advanceTimersByTimeAsync(BACKUP_EXPORT_MAX_MS);
    expect(outcome).toEqual({ status: 'failed', message: SIM_FAILURES.backup_export });
    expect(server.uploads).toHaveLength(0);
  });

  it.each([
    [{ upload_url: 'ftp://example.com/x', max_size: 1000 }, /^invalid args\.upload_url: /],
    [{ upload_url: 'http://127.0.0.1/x', max_size: 0 }, /^invalid args\.max_size: /],
    [{}, /^invalid args\.upload_url: /],
  ])('rejects %j at once', async (args, message) => {
    expect(await run(device(), 'backup_export', args)).toEqual({
      status: 'rejected',
      message: expect.stringMatching(message),
    });
  });
});

describe('simulated backup_restore', () => {
  /** The device's store with a few changes, as a backup of another RUTX11 would hold it. */
  const changedConfig = (router: SimDevice): DeviceConfig => {
    const config = structuredClone(router.configStore());
    (config.system ??= {}).system = { ...config.system.system, hostname: 'depot-gw' };
    (config.network ??= {}).lan = { ...config.network.lan, ipaddr: '10.20.0.1' };
    delete config.firewall?.rule_ssh_wan;
    return config;
  };

  it('downloads, replaces the store, keeps it in the fleet state and restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nf-sim-backup-'));
    try {
      const state = await FleetState.load(join(dir, 'state.json'));
      const router = device();
      router.bootedAt = NOW() - 3_600_000;
      state.set(router.serial, { device_id: 7, username: 'd7', password: 'secret' });
      const config = changedConfig(router);
      const progress = vi.fn(async () => undefined);
      const restart = vi.fn(async (_ms: number, whileDown?: () => void) => whileDown?.());
      const outcome = await run(
        router,
        'backup_restore',
        server.serve(gzipOf(config)),
        {
          rebootMs: 2500,
          onConfigChanged: (changed) =>
            state.set(changed.serial, { ...state.get(changed.serial), config: changed.config }),
        },
        { progress, restart },
      );
      expect(outcome).toEqual({ status: 'completed', message: 'Backup restored' });
      expect(router.config).toEqual(config);
      expect(router.config?.firewall?.rule_ssh_wan).toBeUndefined();
      expect(restart).toHaveBeenCalledExactlyOnceWith(2500, expect.any(Function));
      expect(router.uptime()).toBe(0);
      expect(progress).toHaveBeenCalledWith(expect.any(Number), expect.any(Number), 'downloading');
      expect(progress).toHaveBeenLastCalledWith(
        expect.any(Number),
        expect.any(Number),
        'verified, restoring',
      );
      await state.flush();
      const reloaded = await FleetState.load(join(dir, 'state.json'));
      expect(reloaded.get(router.serial)).toMatchObject({ device_id: 7, config });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes only the configs the model has, and keeps those the backup does not hold', async () => {
    // An RUTX11's backup (with wireless) restored on a model without Wi-Fi.
    const router = device(2);
    expect(router.configStore().wireless).toBeUndefined();
    const source = changedConfig(device());
    const { network, wireless } = source;
    const outcome = await run(
      router,
      'backup_restore',
      server.serve(gzipOf({ network: network ?? {}, wireless: wireless ?? {} })),
    );
    expect(outcome).toMatchObject({ status: 'completed' });
    expect(router.config?.wireless).toBeUndefined();
    expect(router.config?.network?.lan?.ipaddr).toBe('10.20.0.1');
    expect(router.config?.system?.system?.hostname).toMatch(/^rut/);
  });

  const refused: [string, () => Uint8Array, string | RegExp][] = [
    ['not gzip', () => Buffer.from('not a backup at all'), BACKUP_MESSAGES.notTar],
    ['not a tar', () => gzipSync(Buffer.alloc(2048, 7)), BACKUP_MESSAGES.notTar],
    [
      'not UCI',
      () => gzipSync(writeTar([{ path: 'etc/config/network', data: Buffer.from('{"a":1}') }])),
      BACKUP_MESSAGES.badUci('etc/config/network'),
    ],
    [
      'outside the schema',
      () => {
        const config = structuredClone(device().configStore());
        (config.wireless ??= {}).default_radio0 = { '.type': 'wifi-iface', key: 'short' };
        return gzipOf(config);
      },
      '/wireless/default_radio0: key: At least 8 characters',
    ],
    [
      "another model's configuration only",
      () => gzipOf({ netfleet: { agent: { '.type': 'agent', description: 'x' } } }),
      'The backup holds no configuration of a RUTX11',
    ],
  ];
  it.each(refused)('fails on a backup %s, changing nothing', async (_, bytes, message) => {
    const router = device();
    const before = structuredClone(router.configStore());
    const changed = vi.fn();
    const restart = vi.fn(async () => undefined);
    const outcome = await run(
      router,
      'backup_restore',
      server.serve(bytes()),
      { onConfigChanged: changed },
      { restart },
    );
    expect(outcome).toEqual({ status: 'failed', message });
    expect(router.config).toEqual(before);
    expect(changed).not.toHaveBeenCalled();
    expect(restart).not.toHaveBeenCalled();
  });

  it('fails on a SHA-256 mismatch or a wrong size, changing nothing', async () => {
    const router = device();
    const before = structuredClone(router.configStore());
    const served = server.serve(gzipOf(changedConfig(router)));
    const restart = vi.fn(async () => undefined);
    const context = { restart };
    expect(
      await run(router, 'backup_restore', { ...served, sha256: '0'.repeat(64) }, {}, context),
    ).toEqual({ status: 'failed', message: 'SHA-256 mismatch' });
    expect(
      await run(router, 'backup_restore', { ...served, size: served.size + 1 }, {}, context),
    ).toEqual({
      status: 'failed',
      message: `download is ${served.size} bytes, expected ${served.size + 1}`,
    });
    expect(router.config).toEqual(before);
    expect(restart).not.toHaveBeenCalled();
  });

  it('fails at the job failure rate after the download and check, changing nothing', async () => {
    const router = device();
    const before = structuredClone(router.configStore());
    const changed = vi.fn();
    const restart = vi.fn(async () => undefined);
    const progress = vi.fn(async () => undefined);
    const outcome = await run(
      router,
      'backup_restore',
      server.serve(gzipOf(changedConfig(router))),
      { jobFailureRate: 1, onConfigChanged: changed },
      { restart, progress },
    );
    expect(outcome).toEqual({ status: 'failed', message: SIM_FAILURES.backup_restore });
    expect(progress).toHaveBeenLastCalledWith(
      expect.any(Number),
      expect.any(Number),
      'verified, restoring',
    );
    expect(router.config).toEqual(before);
    expect(changed).not.toHaveBeenCalled();
    expect(restart).not.toHaveBeenCalled();
  });

  it('rejects args that do not fit at once', async () => {
    const served = server.serve(gzipOf({}));
    expect(await run(device(), 'backup_restore', { ...served, sha256: 'abc' })).toMatchObject({
      status: 'rejected',
      message: expect.stringMatching(/^invalid args\.sha256: /),
    });
    expect(server.uploads).toHaveLength(0);
  });
});
