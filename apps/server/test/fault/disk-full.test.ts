// Issue 23, DATA_DIR's disk full (root only: DATA_DIR on a tmpfs of its own, unmounted after), on
// the embedded database (whose files are then on the full disk too) and on PostgreSQL (DATA_DIR
// holds the uploads only). The server keeps serving reads, refuses an upload with a 507 envelope
// (not a 500, not a crash), /readyz says the disk is why; on PGlite the readings stop being
// acknowledged once the database cannot store them, and a setting saved meanwhile is answered 200
// (stored in room the database had) or 507. Once space is freed the same server process recovers
// (PGlite: the instance is re-opened on its directory, db/pglite-recovery.ts) and serves uploads
// again, and every reading a device had a PUBACK for, every setting answered 200 and the file
// uploaded before are still there.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, login, sessionHeaders } from '../../../../bench/lib/server-process';
import {
  createCleanup,
  DATABASE_KINDS,
  fleetOn,
  scenarioDatabase,
  serverOn,
  setting,
  storedReadings,
  waitFor,
} from './fault-kit';

const DEVICES = setting('FAULT_DISK_DEVICES', 20);
const DISK_MB = setting('FAULT_DISK_MB', 256);

/**
 * Fills `file`'s file system to the last block (what the server writes meanwhile takes its share
 * first), leaving nothing for the upload and nothing for the embedded database's next new page.
 */
const fillDisk = (file: string) => {
  const fd = openSync(file, 'w');
  try {
    for (const size of [2 ** 20, 4096]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
};

const missing = process.getuid?.() !== 0 ? 'it needs root to mount a tmpfs' : null;
if (missing) console.log(`disk full: skipped, ${missing}`);

/**
 * The server answers a refused upload before reading its whole body and then closes that
 * connection; a request that picked the closing connection from the pool is sent once more.
 */
const fetchAgain = (url: string, init?: RequestInit) =>
  fetch(url, init).catch(() => fetch(url, init));

const cleanup = createCleanup();
afterEach(() => cleanup.run(), 180_000);

describe.skipIf(Boolean(missing)).each(DATABASE_KINDS)('DATA_DIR out of space on %s', (kind) => {
  it('serves reads, refuses writes with 507, says why, and recovers', async () => {
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
    // The server's output after its start goes to BENCH_SERVER_LOG (bench/lib/server-process.ts):
    // the embedded database says there when it re-opens.
    const logDir = mkdtempSync(join(tmpdir(), 'nf-fault-disk-log-'));
    const serverLog = process.env.BENCH_SERVER_LOG ?? join(logDir, 'server.log');
    const previousLog = process.env.BENCH_SERVER_LOG;
    process.env.BENCH_SERVER_LOG = serverLog;
    cleanup.add(() => {
      if (previousLog === undefined) delete process.env.BENCH_SERVER_LOG;
      else process.env.BENCH_SERVER_LOG = previousLog;
      rmSync(logDir, { recursive: true, force: true });
    });
    const database = await scenarioDatabase(cleanup, kind);
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
    fillDisk(filler);

    const full = await upload(2 * 2 ** 20);
    expect(full.status).toBe(507);
    expect(full.body).toMatchObject({
      success: false,
      errors: [{ code: 'SERVICE_UNAVAILABLE', source: null }],
    });
    const listDevices = async () => {
      const response = await fetchAgain(`${server.url}/api/devices?limit=1000`, { headers });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { id: number; name: string }[] }).data;
    };
    expect(await listDevices()).toHaveLength(DEVICES);
    const notReady = await readyz();
    expect(notReady.status).toBe(503);
    expect(notReady.body.checks.disk?.status).toBe('fail');
    if (kind === 'PGlite') {
      // Readings the database cannot store are not acknowledged: the devices keep them.
      await fleet.waitFor((s) => s.sent - s.acked >= DEVICES * 5, 60_000, 'readings unacked');
    }
    // Settings saved meanwhile: stored in room the database still had (200) or refused (507).
    const saved = new Map<number, number>();
    for (const { id } of await listDevices()) {
      const response = await fetchAgain(`${server.url}/api/devices/${id}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ name: `Full ${id}` }),
      });
      saved.set(id, response.status);
    }
    const statuses = [...saved.values()];
    console.log(`disk full (${kind}): settings answered ${statuses.join(' ')}`);
    expect(statuses.every((status) => status === 200 || status === 507)).toBe(true);
    expect(await listDevices()).toHaveLength(DEVICES);

    rmSync(filler);
    const ready = await waitFor(readyz, (answer) => answer.status === 200, 60_000);
    expect(ready.status).toBe(200);
    await fleet.waitFor((s) => s.sent - s.acked < DEVICES * 2, 60_000, 'readings acked again');
    // The same process recovered: the scenario never starts a server again.
    expect(() => process.kill(server.pid, 0)).not.toThrow();
    if (kind === 'PGlite') {
      // Writes may succeed on the old instance for a moment: it is re-opened at the first
      // statement a second after its last failure.
      const reopened = `${join(server.dataDir, 'pglite')} has room again: re-opened`;
      const log = await waitFor(
        async () => readFileSync(serverLog, 'utf8'),
        (text) => text.includes(reopened),
        30_000,
      );
      expect(log).toContain(reopened);
    }
    const after = await upload(2 * 2 ** 20);
    expect(after.status).toBe(200);
    const id = (before.body.meta as { id: number }).id;
    const kept = await fetchAgain(`${server.url}/api/files/${id}/download`, { headers });
    expect(kept.status).toBe(200);
    expect((await kept.arrayBuffer()).byteLength).toBe(64 * 1024);
    const names = new Map((await listDevices()).map((device) => [device.id, device.name]));
    for (const [device, status] of saved) {
      if (status === 200) expect(names.get(device)).toBe(`Full ${device}`);
    }

    const final = await fleet.stop();
    await server.stop();
    const stored = await storedReadings(server, database);
    console.log(`disk full: ${final?.acked} readings acknowledged, ${stored} stored`);
    expect(stored).toBeGreaterThanOrEqual(final?.acked ?? Infinity);
  });
});
