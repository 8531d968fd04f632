import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_FILE_MESSAGES, toUciText } from '@netfleet/contracts';
import { startBackupServer, type BackupServer } from '../testing/backup-server.ts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import { restoreDeviceState } from './fleet.ts';
import { FleetState } from './fleet-state.ts';
import { SIM_FAILURES, runSimCommand, type SimCommandOptions } from './sim-commands.ts';
import { SimDevice } from './sim-device.ts';
import { SIM_FILE_KEEP_MAX_BYTES } from './sim-file-table.ts';
import { FILE_GET_MIN_MS, FILE_PUT_MAX_MS, FILE_PUT_MIN_MS } from './sim-files.ts';

const NOW = () => 1_750_000_000_000;
// Index 7 is an RUTX11 (Wi-Fi, so it has a wireless config).
const device = (index = 7) => new SimDevice(index, 42, NOW);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const ANSWER = { file_id: 21, name: 'f.bin', size: 1, sha256: 'c'.repeat(64) };

let server: BackupServer;
beforeAll(async () => {
  server = await startBackupServer();
});
afterAll(() => server.close());
let progress: ReturnType<typeof vi.fn<CommandContext['progress']>>;
beforeEach(() => {
  // Only the jobs' own waits are faked: downloads and uploads still go over real sockets.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  progress = vi.fn(async () => undefined);
  server.answer = { status: 200, body: JSON.stringify(ANSWER) };
});
afterEach(() => {
  vi.useRealTimers();
  server.uploads.length = 0;
  server.downloads.length = 0;
});

const STEP_MS = 50;
let nextId = 1;
/**
 * Runs a job to its outcome, moving the fake clock on in steps while its transfers use the real
 * event loop; `elapsed` is the fake time it took (at least its simulated duration).
 */
const run = async (
  target: SimDevice,
  type: 'file_put' | 'file_get',
  args: Record<string, unknown>,
  options: Partial<SimCommandOptions> = {},
): Promise<{ outcome: CommandOutcome; elapsed: number }> => {
  let outcome: CommandOutcome | undefined;
  void runSimCommand(
    target,
    { id: nextId++, type, args, expires_at: Date.now() + 600_000 },
    {
      progress,
      sendAllTelemetry: () => undefined,
      restart: async () => undefined,
      collect: () => undefined,
    },
    { rebootMs: 100, ...options },
  ).then((o) => (outcome = o));
  let elapsed = 0;
  for (; outcome === undefined; elapsed += STEP_MS) {
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(STEP_MS);
  }
  return { outcome, elapsed };
};
const getArgs = (path: string, maxSize = 1024 * 1024) => ({
  path,
  upload_url: `${server.base}/api/devices/files?device_id=7`,
  max_size: maxSize,
});

describe('simulated file_put and file_get', () => {
  it('puts a file in 1 to 3 s and gets the same bytes back', async () => {
    const router = device();
    const bytes = randomBytes(5000);
    const served = server.serve(bytes);
    const changed = vi.fn();
    const putDelay = device().rng.int(FILE_PUT_MIN_MS, FILE_PUT_MAX_MS);
    const put = await run(
      router,
      'file_put',
      { ...served, name: 'f.bin', path: '/root//f.bin' },
      { onFilesChanged: changed },
    );
    expect(put.outcome).toEqual({
      status: 'completed',
      message: DEVICE_FILE_MESSAGES.written('/root/f.bin'),
    });
    expect(put.elapsed).toBeGreaterThanOrEqual(putDelay);
    expect(progress).toHaveBeenCalledWith(5000, 5000, 'downloading');
    expect(changed).toHaveBeenCalledExactlyOnceWith(router);
    expect(router.files?.['/root/f.bin']).toMatchObject({
      size: 5000,
      sha256: served.sha256,
      name: 'f.bin',
      written_at: NOW(),
    });

    progress.mockClear();
    const get = await run(router, 'file_get', getArgs('/root/f.bin'));
    expect(get.outcome).toEqual({
      status: 'completed',
      message: DEVICE_FILE_MESSAGES.uploaded,
      result: JSON.stringify(ANSWER),
    });
    expect(get.elapsed).toBeGreaterThanOrEqual(FILE_GET_MIN_MS);
    const [upload] = server.uploads;
    expect(upload).toMatchObject({ method: 'PUT', url: '/api/devices/files?device_id=7' });
    expect(upload?.headers['content-type']).toBe('application/octet-stream');
    expect(upload?.headers['x-requested-with']).toBe('netfleet-device');
    expect(upload?.body.length).toBe(5000);
    expect(sha256(upload?.body ?? Buffer.alloc(0))).toBe(served.sha256);
    expect(progress).toHaveBeenCalledExactlyOnceWith(0, 5000, 'uploading');
  });

  it('uploads its configuration as UCI text from /etc/config/<name>', async () => {
    const router = device();
    const { outcome } = await run(router, 'file_get', getArgs('/etc/config/network'));
    expect(outcome).toMatchObject({ status: 'completed' });
    const text = server.uploads[0]?.body.toString();
    expect(text).toBe(toUciText(router.configStore().network ?? {}));
    expect(text).toMatch(/^config interface 'lan'$/m);
  });

  it('fails at once on a path it has no file at, uploading nothing', async () => {
    const router = device();
    const cases: [string, string][] = [
      ['/etc/shadow', DEVICE_FILE_MESSAGES.noSuchFile('/etc/shadow')],
      ['/etc/config/constructor', DEVICE_FILE_MESSAGES.noSuchFile('/etc/config/constructor')],
      ['/etc/config', DEVICE_FILE_MESSAGES.notAFile('/etc/config')],
    ];
    for (const [path, message] of cases) {
      const { outcome, elapsed } = await run(router, 'file_get', getArgs(path));
      expect(outcome).toEqual({ status: 'failed', message });
      expect(elapsed).toBeLessThan(FILE_GET_MIN_MS);
    }
    // A RUT300 (index 2) has no Wi-Fi, so no wireless config.
    expect((await run(device(2), 'file_get', getArgs('/etc/config/wireless'))).outcome).toEqual({
      status: 'failed',
      message: DEVICE_FILE_MESSAGES.noSuchFile('/etc/config/wireless'),
    });
    expect(server.uploads).toEqual([]);
  });

  it('refuses a file larger than max_size, and one too large to have been kept', async () => {
    const router = device();
    const tooLarge = { status: 'failed', message: DEVICE_FILE_MESSAGES.tooLarge };
    expect((await run(router, 'file_get', getArgs('/etc/os-release', 20))).outcome).toEqual(
      tooLarge,
    );
    const large = server.serve(Buffer.alloc(SIM_FILE_KEEP_MAX_BYTES + 1, 7));
    const put = await run(router, 'file_put', { ...large, path: '/tmp/large.bin' });
    expect(put.outcome).toMatchObject({ status: 'completed' });
    expect(router.files?.['/tmp/large.bin']).toMatchObject({ size: large.size });
    expect(router.files?.['/tmp/large.bin']?.content).toBeUndefined();
    expect((await run(router, 'file_get', getArgs('/tmp/large.bin', 1e7))).outcome).toEqual(
      tooLarge,
    );
    expect(server.uploads).toEqual([]);
  });

  it('fails a put whose download does not check out, recording nothing', async () => {
    const router = device();
    const served = server.serve(Buffer.from('hello'));
    const changed = vi.fn();
    const bad = { ...served, sha256: '0'.repeat(64), path: '/root/hello.txt' };
    expect((await run(router, 'file_put', bad, { onFilesChanged: changed })).outcome).toEqual({
      status: 'failed',
      message: 'SHA-256 mismatch',
    });
    expect(router.files).toBeUndefined();
    expect(changed).not.toHaveBeenCalled();
    expect((await run(router, 'file_get', getArgs('/root/hello.txt'))).outcome).toEqual({
      status: 'failed',
      message: DEVICE_FILE_MESSAGES.noSuchFile('/root/hello.txt'),
    });
  });

  it('fails a put at the job failure rate after the download, and one onto a directory', async () => {
    const router = device();
    const served = server.serve(Buffer.from('hello'));
    const changed = vi.fn();
    const failing = await run(
      router,
      'file_put',
      { ...served, path: '/root/hello.txt' },
      { jobFailureRate: 1, onFilesChanged: changed },
    );
    expect(failing.outcome).toEqual({ status: 'failed', message: SIM_FAILURES.file_put });
    expect(failing.elapsed).toBeGreaterThanOrEqual(FILE_PUT_MIN_MS);
    expect(server.downloads).toHaveLength(1);
    expect(router.files).toBeUndefined();
    expect(changed).not.toHaveBeenCalled();
    expect((await run(router, 'file_put', { ...served, path: '/etc/config/' })).outcome).toEqual({
      status: 'failed',
      message: DEVICE_FILE_MESSAGES.notAFile('/etc/config'),
    });
    expect(server.downloads).toHaveLength(1);
  });

  it('keeps its files in the fleet state, so they survive a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nf-sim-files-'));
    try {
      const state = await FleetState.load(join(dir, 'state.json'));
      const router = device();
      state.set(router.serial, { device_id: 7, username: 'd7', password: 'secret' });
      const served = server.serve(Buffer.from('#!/bin/sh\necho hello\n'));
      await run(
        router,
        'file_put',
        { ...served, name: 'hello.sh', path: '/usr/bin/hello' },
        {
          onFilesChanged: (changed) =>
            state.set(changed.serial, { ...state.get(changed.serial), files: changed.files }),
        },
      );
      await state.flush();

      const again = device();
      restoreDeviceState([again], await FleetState.load(join(dir, 'state.json')));
      expect(again.files?.['/usr/bin/hello']).toMatchObject({ name: 'hello.sh', size: 21 });
      expect((await run(again, 'file_get', getArgs('/usr/bin/hello'))).outcome).toMatchObject({
        status: 'completed',
      });
      expect(sha256(server.uploads[0]?.body ?? Buffer.alloc(0))).toBe(served.sha256);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [
      'file_put',
      { url: 'http://127.0.0.1/x', size: 1, sha256: 'a'.repeat(64), name: 'x' },
      /^invalid args\.path: /,
    ],
    [
      'file_get',
      { path: 'relative', upload_url: 'http://127.0.0.1/x', max_size: 1 },
      /^invalid args\.path: /,
    ],
    [
      'file_get',
      { path: '/etc/os-release', upload_url: 'x', max_size: 1 },
      /^invalid args\.upload_url: /,
    ],
  ] as const)('rejects %s with %j at once', async (type, args, message) => {
    expect((await run(device(), type, args)).outcome).toEqual({
      status: 'rejected',
      message: expect.stringMatching(message),
    });
  });
});
