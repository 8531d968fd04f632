// `netfleet backup` and `netfleet restore` as an operator runs them, on real processes: a backup
// of the embedded database while its server runs (made by the server, through DATA_DIR's admin
// socket), and restore refusing what it must not touch or cannot read.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readBackup } from '@/modules/system/backup/read-backup';
import { readTar, tarEnd, tarHeader, tarPadding } from '@/modules/system/backup/ustar';
import { type ServerProcess, startServer } from '../../../../bench/lib/server-process';

const serverDir = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'nf-backup-cli-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  server?.remove();
  rmSync(work, { recursive: true, force: true });
}, 120_000);

/** Runs `netfleet <args>` on DATA_DIR with the embedded database; its status and output. */
const netfleet = (dataDir: string, ...args: string[]) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(serverDir, 'bin', 'netfleet.mjs'), ...args],
      {
        cwd: work,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          REDIS_URL: '',
          LOG_LEVEL: 'warn',
        },
      },
      (error, stdout, stderr) =>
        resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

/** The archive again with its manifest changed by `edit`. */
const rewrite = async (archive: string, edit: (manifest: Record<string, unknown>) => void) => {
  const parts: Buffer[] = [];
  async function* source() {
    yield gunzipSync(readFileSync(archive));
  }
  for await (const entry of readTar(source())) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.chunks()) chunks.push(chunk);
    let data = Buffer.concat(chunks);
    if (entry.name === 'manifest.json') {
      const manifest = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
      edit(manifest);
      data = Buffer.from(JSON.stringify(manifest));
    }
    parts.push(tarHeader(entry.name, data.length, new Date()), data, tarPadding(data.length));
  }
  return gzipSync(Buffer.concat([...parts, tarEnd()]));
};

// One tier is enough for processes on the embedded database: the PostgreSQL tier skips it.
describe.skipIf(Boolean(process.env.DATABASE_URL))('netfleet backup and restore', () => {
  it('backs up a running server and restores only where it may', { timeout: 300_000 }, async () => {
    server = await startServer();
    const archive = join(work, 'online.tar.gz');
    const backup = await netfleet(server.dataDir, 'backup', '--output', archive);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written to .*online\.tar\.gz/);
    const manifest = await readBackup(archive, null);
    expect(manifest.database).toBe('pglite');
    expect(manifest.tables.users).toBe(1);

    const running = await netfleet(server.dataDir, 'restore', archive, '--force');
    expect(running.status).toBe(1);
    expect(running.stderr).toMatch(
      /netfleet is running on DATA_DIR=.*: stop it before netfleet restore/,
    );

    const target = join(work, 'target');
    const restored = await netfleet(target, 'restore', archive);
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toMatch(/^Restored \d+ rows in \d+ tables and 0 files/m);
    const again = await netfleet(target, 'restore', archive);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/The target is not empty \(the database has tables\).*--force/);
    const forced = await netfleet(target, 'restore', archive, '--force');
    expect(forced.status).toBe(0);
    expect(forced.stdout).toMatch(/--force: replacing what is there/);

    const newer = join(work, 'newer.tar.gz');
    writeFileSync(
      newer,
      await rewrite(archive, (m) => {
        m.netfleetVersion = '99.0.0';
        m.migrations = [
          ...(m.migrations as unknown[]),
          { hash: 'x', createdAt: 9_999_999_999_999 },
        ];
      }),
    );
    const fromNewer = await netfleet(join(work, 'empty-1'), 'restore', newer);
    expect(fromNewer.status).toBe(1);
    expect(fromNewer.stderr).toMatch(
      /made by netfleet 99\.0\.0.*restore it with that netfleet version or newer/,
    );

    const truncated = join(work, 'truncated.tar.gz');
    const whole = readFileSync(archive);
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const fromTruncated = await netfleet(join(work, 'empty-2'), 'restore', truncated);
    expect(fromTruncated.status).toBe(1);
    expect(fromTruncated.stderr).toMatch(
      /is not a netfleet backup this version can restore: it is corrupt or incomplete/,
    );
  });
});
