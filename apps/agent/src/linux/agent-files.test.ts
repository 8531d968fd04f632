import {
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
import * as fsPromises from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_FILE_MESSAGES, type CommandMessage } from '@netfleet/contracts';
import { startBackupServer, type BackupServer } from '../testing/backup-server.ts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import { AgentConfigStore } from './agent-config.ts';
import { CollectStore } from './collect-store.ts';
import { runLinuxCommand, type LinuxCommandOptions } from './linux-commands.ts';

const ANSWER = { file_id: 12, name: 'a.conf', size: 11, sha256: 'e'.repeat(64) };

let server: BackupServer;
beforeAll(async () => {
  server = await startBackupServer();
});
afterAll(() => server.close());

let dir: string;
let progress: ReturnType<typeof vi.fn<CommandContext['progress']>>;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nf-agent-files-'));
  mkdirSync(join(dir, 'files', 'sub'), { recursive: true });
  writeFileSync(join(dir, 'files', 'a.conf'), 'option a 1\n', { mode: 0o640 });
  writeFileSync(join(dir, 'single.txt'), 'single');
  writeFileSync(join(dir, 'outside.txt'), 'not allow-listed');
  symlinkSync(join(dir, 'outside.txt'), join(dir, 'files', 'link'));
  symlinkSync(dir, join(dir, 'files', 'dirlink'));
  execFileSync('mkfifo', [join(dir, 'files', 'fifo')]);
  progress = vi.fn(async () => undefined);
  server.answer = { status: 200, body: JSON.stringify(ANSWER) };
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  server.uploads.length = 0;
  server.downloads.length = 0;
});

let nextId = 700;
const run = async (
  type: CommandMessage['type'],
  args: Record<string, unknown>,
  options: Partial<LinuxCommandOptions> = {},
): Promise<CommandOutcome> =>
  runLinuxCommand(
    { id: nextId++, type, args, expires_at: Date.now() + 60_000 },
    {
      progress,
      sendAllTelemetry: () => undefined,
      restart: async () => undefined,
      collect: () => undefined,
    },
    {
      allowReboot: false,
      downloadDir: join(dir, 'downloads'),
      config: await AgentConfigStore.load(join(dir, 'state', 'config.json'), () => undefined),
      collect: await CollectStore.load(join(dir, 'state', 'collect.json'), () => undefined),
      markPending: async () => undefined,
      clearPending: async () => undefined,
      filePaths: [join(dir, 'files'), join(dir, 'single.txt')],
      ...options,
    },
  );
const at = (...parts: string[]) => join(dir, ...parts);
/** The args of a `file_put` of `text` to `path`. */
const putArgs = (path: string, text = 'option a 2\n') => ({
  ...server.serve(Buffer.from(text)),
  path,
});
const getArgs = (path: string, maxSize = 1024) => ({
  path,
  upload_url: `${server.base}/api/devices/files?device_id=4`,
  max_size: maxSize,
});
/** Leftover temporary files of a put, anywhere in the test directory. */
const temporaries = () =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) =>
    name.includes('.nf-put-'),
  );

describe('netfleet-agent file jobs without --file-paths', () => {
  it.each([[undefined], [[]]])(
    'are rejected (file paths %j), downloading and reading nothing',
    async (filePaths) => {
      const options = { filePaths } as Partial<LinuxCommandOptions>;
      const disabled = { status: 'rejected', message: DEVICE_FILE_MESSAGES.disabled };
      expect(await run('file_put', putArgs(at('files', 'new.txt')), options)).toEqual(disabled);
      expect(await run('file_get', getArgs(at('files', 'a.conf')), options)).toEqual(disabled);
      expect(DEVICE_FILE_MESSAGES.disabled).toMatch(/--file-paths/);
      expect(server.downloads).toEqual([]);
      expect(server.uploads).toEqual([]);
      expect(existsSync(at('files', 'new.txt'))).toBe(false);
    },
  );
});

describe('netfleet-agent file_put', () => {
  it('writes the verified file over the old one atomically, keeping its mode', async () => {
    const inode = statSync(at('files', 'a.conf')).ino;
    const args = putArgs(at('files', 'a.conf'));
    expect(await run('file_put', args)).toEqual({
      status: 'completed',
      message: DEVICE_FILE_MESSAGES.written(at('files', 'a.conf')),
    });
    expect(readFileSync(at('files', 'a.conf'), 'utf8')).toBe('option a 2\n');
    // Renamed over the old file (a new inode), with the old file's mode.
    const stat = statSync(at('files', 'a.conf'));
    expect(stat.ino).not.toBe(inode);
    expect(stat.mode & 0o7777).toBe(0o640);
    expect(temporaries()).toEqual([]);
    expect(progress).toHaveBeenCalledWith(args.size, args.size, 'downloading');
  });

  it('creates missing directories under an allow-listed one; a new file is 0644', async () => {
    const path = at('files', 'new', 'deeper', 'c.txt');
    expect(await run('file_put', putArgs(`${path}/`, 'c'))).toMatchObject({ status: 'completed' });
    expect(readFileSync(path, 'utf8')).toBe('c');
    expect(statSync(path).mode & 0o7777).toBe(0o644);
    // An allow-listed file is written too.
    expect(await run('file_put', putArgs(at('single.txt'), 'single 2'))).toMatchObject({
      status: 'completed',
    });
    expect(readFileSync(at('single.txt'), 'utf8')).toBe('single 2');
  });

  it('leaves the target as it was, and nothing behind, when the download fails its check', async () => {
    const inode = statSync(at('files', 'a.conf')).ino;
    const args = putArgs(at('files', 'a.conf'));
    expect(await run('file_put', { ...args, sha256: '0'.repeat(64) })).toEqual({
      status: 'failed',
      message: 'SHA-256 mismatch',
    });
    expect(await run('file_put', { ...args, size: args.size + 1 })).toEqual({
      status: 'failed',
      message: `download is ${args.size} bytes, expected ${args.size + 1}`,
    });
    expect(readFileSync(at('files', 'a.conf'), 'utf8')).toBe('option a 1\n');
    expect(statSync(at('files', 'a.conf')).ino).toBe(inode);
    // The directories made for a file that never came are gone again.
    const fresh = putArgs(at('files', 'made', 'x.txt'));
    expect(await run('file_put', { ...fresh, sha256: '1'.repeat(64) })).toMatchObject({
      status: 'failed',
    });
    expect(existsSync(at('files', 'made'))).toBe(false);
    expect(temporaries()).toEqual([]);
  });

  it('leaves the target as it was when the rename fails', async () => {
    const fileSystem = {
      ...fsPromises,
      rename: async () => {
        throw new Error('EIO: i/o error, rename');
      },
    };
    const outcome = await run('file_put', putArgs(at('files', 'a.conf')), { fileSystem });
    expect(outcome).toEqual({ status: 'failed', message: 'EIO: i/o error, rename' });
    expect(readFileSync(at('files', 'a.conf'), 'utf8')).toBe('option a 1\n');
    expect(temporaries()).toEqual([]);
  });

  it('fails outside the allow-listed paths, downloading nothing', async () => {
    const notAllowed = { status: 'failed', message: DEVICE_FILE_MESSAGES.notAllowed };
    expect(await run('file_put', putArgs(at('outside.txt')))).toEqual(notAllowed);
    // Only starts like an allow-listed path.
    expect(await run('file_put', putArgs(`${at('files')}-other/x`))).toEqual(notAllowed);
    expect(await run('file_put', putArgs(`${at('files')}/../outside.txt`))).toEqual({
      status: 'rejected',
      message: `invalid args.path: ${DEVICE_FILE_MESSAGES.absolutePath}`,
    });
    expect(server.downloads).toEqual([]);
    expect(readFileSync(at('outside.txt'), 'utf8')).toBe('not allow-listed');
  });

  it('never writes through a symlink, nor over what is not a regular file', async () => {
    expect(await run('file_put', putArgs(at('files', 'link')))).toEqual({
      status: 'failed',
      message: DEVICE_FILE_MESSAGES.notAFile(at('files', 'link')),
    });
    expect(await run('file_put', putArgs(at('files', 'dirlink', 'outside.txt')))).toEqual({
      status: 'failed',
      message: DEVICE_FILE_MESSAGES.notAllowed,
    });
    expect(await run('file_put', putArgs(at('files', 'sub')))).toEqual({
      status: 'failed',
      message: DEVICE_FILE_MESSAGES.notAFile(at('files', 'sub')),
    });
    expect(await run('file_put', putArgs(at('files', 'a.conf', 'x')))).toEqual({
      status: 'failed',
      message: `Not a directory: ${at('files', 'a.conf')}`,
    });
    expect(server.downloads).toEqual([]);
    expect(readFileSync(at('outside.txt'), 'utf8')).toBe('not allow-listed');
    expect(statSync(at('files', 'sub')).isDirectory()).toBe(true);
  });

  it.each([
    [{ path: 'files/a.conf' }, /^invalid args\.path: /],
    [{ sha256: 'abc' }, /^invalid args\.sha256: /],
    [{ url: 'ftp://example.com/a' }, /^invalid args\.url: /],
  ])('rejects %j at once', async (change, message) => {
    const args = { ...putArgs(at('files', 'a.conf')), ...change };
    expect(await run('file_put', args)).toEqual({
      status: 'rejected',
      message: expect.stringMatching(message),
    });
  });
});

describe('netfleet-agent file_get', () => {
  it('uploads the file with its headers and acks the answer as result', async () => {
    expect(await run('file_get', getArgs(at('files', 'a.conf')))).toEqual({
      status: 'completed',
      message: DEVICE_FILE_MESSAGES.uploaded,
      result: JSON.stringify(ANSWER),
    });
    expect(server.uploads).toHaveLength(1);
    const [upload] = server.uploads;
    expect(upload).toMatchObject({ method: 'PUT', url: '/api/devices/files?device_id=4' });
    expect(upload?.headers['content-type']).toBe('application/octet-stream');
    expect(upload?.headers['x-requested-with']).toBe('netfleet-device');
    expect(upload?.body.toString()).toBe('option a 1\n');
    expect(progress).toHaveBeenCalledExactlyOnceWith(0, 11, 'uploading');
    // An allow-listed file itself.
    await run('file_get', getArgs(at('single.txt')));
    expect(server.uploads[1]?.body.toString()).toBe('single');
  });

  it("fails with the server's error message, or its HTTP status", async () => {
    server.answer = {
      status: 403,
      body: JSON.stringify({ success: false, errors: [{ message: 'Link expired' }] }),
    };
    expect(await run('file_get', getArgs(at('files', 'a.conf')))).toEqual({
      status: 'failed',
      message: 'Link expired',
    });
    server.answer = { status: 502, body: 'Bad gateway' };
    expect(await run('file_get', getArgs(at('files', 'a.conf')))).toEqual({
      status: 'failed',
      message: 'Upload failed: HTTP 502',
    });
  });

  it('refuses a file larger than max_size, uploading nothing', async () => {
    expect(await run('file_get', getArgs(at('files', 'a.conf'), 10))).toEqual({
      status: 'failed',
      message: DEVICE_FILE_MESSAGES.tooLarge,
    });
    expect(server.uploads).toEqual([]);
    expect(progress).not.toHaveBeenCalled();
  });

  it('fails on a missing file, a directory or a FIFO, uploading nothing', async () => {
    const cases = [
      [at('files', 'missing.txt'), DEVICE_FILE_MESSAGES.noSuchFile(at('files', 'missing.txt'))],
      [at('files', 'nodir', 'x'), DEVICE_FILE_MESSAGES.noSuchFile(at('files', 'nodir', 'x'))],
      [at('files', 'sub'), DEVICE_FILE_MESSAGES.notAFile(at('files', 'sub'))],
      [at('files'), DEVICE_FILE_MESSAGES.notAFile(at('files'))],
      // Opened without waiting for a writer, then refused.
      [at('files', 'fifo'), DEVICE_FILE_MESSAGES.notAFile(at('files', 'fifo'))],
    ];
    for (const [path, message] of cases) {
      expect(await run('file_get', getArgs(path as string))).toEqual({ status: 'failed', message });
    }
    expect(server.uploads).toEqual([]);
  });

  it('never reads through a symlink, nor outside the allow-listed paths', async () => {
    expect(await run('file_get', getArgs(at('files', 'link')))).toEqual({
      status: 'failed',
      message: DEVICE_FILE_MESSAGES.notAFile(at('files', 'link')),
    });
    const notAllowed = { status: 'failed', message: DEVICE_FILE_MESSAGES.notAllowed };
    expect(await run('file_get', getArgs(at('files', 'dirlink', 'outside.txt')))).toEqual(
      notAllowed,
    );
    expect(await run('file_get', getArgs(at('outside.txt')))).toEqual(notAllowed);
    expect(server.uploads).toEqual([]);
  });

  it('rejects args that do not fit at once', async () => {
    expect(await run('file_get', { ...getArgs(at('files', 'a.conf')), max_size: 0 })).toEqual({
      status: 'rejected',
      message: expect.stringMatching(/^invalid args\.max_size: /),
    });
  });
});
