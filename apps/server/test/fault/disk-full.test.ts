// Issue 23, DATA_DIR's disk full (root only: DATA_DIR on a tmpfs of its own, unmounted after):
// the server keeps serving reads, refuses an upload with a 507 envelope (not a 500, not a crash),
// /readyz says the disk is why; once space is freed it serves uploads again, and every reading a
// device had a PUBACK for, and the file uploaded before, are still there.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, login, sessionHeaders } from '../../../../bench/lib/server-process';
import {
  createCleanup,
  fleetOn,
  scenarioDatabase,
  serverOn,
  setting,
  storedReadings,
  waitFor,
} from './fault-kit';

const DEVICES = setting('FAULT_DISK_DEVICES', 20);
const DISK_MB = setting('FAULT_DISK_MB', 256);
/** Left free once the disk is filled: less than the upload, less than /readyz's 16 MB. */
const LEFT_BYTES = 512 * 1024;

/**
 * On the embedded database the disk is the database's too, and PGlite does not survive a write
 * that finds it full: "could not extend file", then PANIC "XLogBeginInsert was already called" on
 * every later write, until the process restarts (it recovers from its WAL then, as after kill -9).
 * So the scenario runs with DATABASE_URL: DATA_DIR holds the uploads only.
 */
const missing =
  process.getuid?.() !== 0
    ? 'it needs root to mount a tmpfs'
    : !process.env.DATABASE_URL
      ? 'it needs DATABASE_URL (PGlite cannot survive a full disk: see the comment above)'
      : null;
if (missing) console.log(`disk full: skipped, ${missing}`);

/**
 * The server answers a refused upload before reading its whole body and then closes that
 * connection; a request that picked the closing connection from the pool is sent once more.
 */
const fetchAgain = (url: string, init?: RequestInit) =>
  fetch(url, init).catch(() => fetch(url, init));

const cleanup = createCleanup();
afterEach(() => cleanup.run(), 180_000);

describe.skipIf(Boolean(missing))('DATA_DIR out of space', () => {
  it('serves reads, refuses uploads with 507, says why, and recovers', async () => {
    const mount = mkdtempSync(join(tmpdir(), 'nf-fault-disk-'));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MB}m`, 'tmpfs', mount], {
      encoding: 'utf8',
    });
    if (mounted.status !== 0) throw new Error(`mount: ${mounted.stderr}`);
    // Runs last: the server and the fleet have stopped by then.
    cleanup.add(() => {
      spawnSync('umount', [mount]);
      rmSync(mount, { recursive: true, force: true });
    });
    const database = await scenarioDatabase(cleanup, 'PostgreSQL');
    const server = await serverOn(database)(cleanup, {
      dataDir: join(mount, 'data'),
      port: await freePort(),
      mqttPort: await freePort(),
    });
    const fleet = fleetOn(server, cleanup, { devices: DEVICES, intervalMs: 1000 });
    await fleet.waitFor((s) => s.connected >= DEVICES, 90_000, 'every device online');

    const headers = sessionHeaders(await login(server.url));
    const { 'content-type': _json, ...formHeaders } = headers;
    const user = (await (await fetch(`${server.url}/api/user`, { headers })).json()) as {
      company_id: number;
    };
    const upload = async (bytes: number) => {
      const form = new FormData();
      form.append('type', 'custom_file');
      form.append('company_id', String(user.company_id));
      form.append('file', new Blob([Buffer.alloc(bytes, 7)]), 'payload.bin');
      const response = await fetch(`${server.url}/api/files`, {
        method: 'POST',
        headers: formHeaders,
        body: form,
        signal: AbortSignal.timeout(30_000),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const before = await upload(64 * 1024);
    expect(before.status).toBe(200);
    const readyz = async () => {
      const response = await fetchAgain(`${server.url}/readyz`);
      return {
        status: response.status,
        body: (await response.json()) as { checks: Record<string, { status: string }> },
      };
    };

    const filler = join(mount, 'filler');
    const { bavail, bsize } = statfsSync(mount);
    writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - LEFT_BYTES)));

    const full = await upload(2 * 2 ** 20);
    expect(full.status).toBe(507);
    expect(full.body).toMatchObject({
      success: false,
      errors: [{ code: 'SERVICE_UNAVAILABLE', source: null }],
    });
    const devices = await fetchAgain(`${server.url}/api/devices?limit=1000`, { headers });
    expect(devices.status).toBe(200);
    expect(((await devices.json()) as { data: unknown[] }).data).toHaveLength(DEVICES);
    const notReady = await readyz();
    expect(notReady.status).toBe(503);
    expect(notReady.body.checks.disk?.status).toBe('fail');

    rmSync(filler);
    const ready = await waitFor(readyz, (answer) => answer.status === 200, 30_000);
    expect(ready.status).toBe(200);
    const after = await upload(2 * 2 ** 20);
    expect(after.status).toBe(200);
    const id = (before.body.meta as { id: number }).id;
    const kept = await fetchAgain(`${server.url}/api/files/${id}/download`, { headers });
    expect(kept.status).toBe(200);
    expect((await kept.arrayBuffer()).byteLength).toBe(64 * 1024);

    const final = await fleet.stop();
    await server.stop();
    const stored = await storedReadings(server, database);
    console.log(`disk full: ${final?.acked} readings acknowledged, ${stored} stored`);
    expect(stored).toBeGreaterThanOrEqual(final?.acked ?? Infinity);
  });
});
