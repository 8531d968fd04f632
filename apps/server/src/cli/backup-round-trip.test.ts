// Backup → restore on the database the tests run on (PGlite, or PostgreSQL with DATABASE_URL):
// a quiet source comes back table for table and file for file; a source that devices report to
// during the backup comes back as one consistent moment.
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { topics } from '@netfleet/contracts';
import type { MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import type { Config } from '@/config';
import { createDatabase, type Database } from '@/db/client';
import { seedDatabase } from '@/db/seed';
import { adminSocketPath, startAdminSocket } from '@/modules/system/backup/admin-socket';
import { readBackup } from '@/modules/system/backup/read-backup';
import { withSqlSession } from '@/modules/system/backup/sql-session';
import { writeBackup } from '@/modules/system/backup/write-backup';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '@test/app';
import {
  buildDeviceTestApp,
  connectDevice,
  createPendingDevice,
  type DeviceTestApp,
  enrol,
  waitFor,
} from '@test/devices';
import { createUser } from '@test/factories';
import { login } from '@test/session';
import { backupThroughServer } from './backup-socket-client';
import { runRestore } from './restore-command';

const work = mkdtempSync(join(tmpdir(), 'nf-backup-'));
const sourceDir = join(work, 'source');
const serverUrl = process.env.DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
let t: DeviceTestApp;
let device: MqttClient;
let deviceId: number;
let sequence = 0;

/** Row count and a hash of the rows' text, of every table (partitioned ones through the parent). */
const tableHashes = (db: Database) =>
  withSqlSession(db, 'snapshot', async (session) => {
    await session.query("set local timezone to 'UTC'");
    const tables = await session.query<{ name: string }>(`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname`);
    const hashes: Record<string, string> = {};
    for (const { name } of tables) {
      const [row] = await session.query<{ n: number; h: string | null }>(
        `select count(*)::int as n, md5(string_agg(t::text, E'\\n' order by t::text)) as h
         from public."${name}" t`,
      );
      hashes[name] = `${row?.n} ${row?.h ?? ''}`;
    }
    return hashes;
  });

const count = async (db: Database, query: string) =>
  withSqlSession(db, 'snapshot', async (s) => (await s.query<{ n: number }>(query))[0]?.n ?? -1);

/** A new, empty database and DATA_DIR to restore into (a throw-away database on PostgreSQL). */
const freshTarget = async (): Promise<Config> => {
  const dataDir = mkdtempSync(join(work, 'target-'));
  if (!serverUrl) return { ...t.config, dataDir, databaseUrl: undefined };
  const name = `nf_backup_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { ...t.config, dataDir, databaseUrl: url.toString() };
};

const publishReading = (extra: Record<string, unknown> = {}) =>
  device.publishAsync(
    topics.telemetry(deviceId, 'dynamic'),
    JSON.stringify({
      ts: Date.now(),
      data: { uptime: sequence++, temperature: null, wan_state: 'mobile', ...extra },
    }),
    { qos: 1 },
  );

const telemetryCount = () => count(t.db, 'select count(*)::int as n from device_telemetry');

beforeAll(async () => {
  t = await buildDeviceTestApp({ config: { dataDir: sourceDir } });
  const pending = await createPendingDevice(t.db);
  const answer = await enrol(t.mqttUrl, pending);
  if (!answer.ok) throw new Error('enrolment refused');
  deviceId = pending.id;
  device = await connectDevice(t.mqttUrl, {
    deviceId,
    username: answer.username,
    password: answer.password,
  });
  await waitFor(() => t.gateway.link.isOnline(deviceId));
  // Uploads in every store, and what is not an upload (never to be backed up).
  for (const [store, size] of [
    ['files', 300_000],
    ['images', 512],
    ['device-documentations', 0],
  ] as const) {
    mkdirSync(join(sourceDir, store), { recursive: true });
    writeFileSync(join(sourceDir, store, randomBytes(16).toString('hex')), randomBytes(size));
  }
  mkdirSync(join(sourceDir, 'pglite'), { recursive: true });
  writeFileSync(join(sourceDir, 'pglite', 'not-an-upload'), 'x');
  writeFileSync(join(sourceDir, 'netfleet.pid'), '1');
}, 60_000);

afterAll(async () => {
  device?.end(true);
  await t?.close();
  for (const cleanup of cleanups) await cleanup();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

const restoreInto = async (archive: string) => {
  const target = await freshTarget();
  const out: string[] = [];
  await runRestore(target, { file: archive, force: false }, (line) => out.push(line));
  expect(out.at(-1)).toMatch(/^Restored \d+ rows in \d+ tables and 3 files/);
  const handle = await createDatabase(target);
  cleanups.unshift(() => handle.close());
  return { target, handle };
};

describe(`backup and restore (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'brings back every table, file and login of a quiet source',
    { timeout: 120_000 },
    async () => {
      const user = await createUser(t.db, 'end_user', { password: 'pässwörd\t\\ 1 ✓' });
      const before = await telemetryCount();
      await publishReading({ wan_state: 'back\\slash "quote" ünï ✓ 日本', load: [1.5e-7, 0.1, 3] });
      await withSqlSession(t.db, 'write', (s) =>
        s.query("insert into global_notices (type, message) values ('info', $1)", [
          'tab\tnew\nline\r\\N \\ \u0001 ünï',
        ]),
      );
      await waitFor(async () => (await telemetryCount()) > before);
      const archive = join(work, 'quiet.tar.gz');
      const source = await tableHashes(t.db);
      await writeBackup(
        { db: t.db, kind: serverUrl ? 'postgres' : 'pglite', dataDir: sourceDir },
        createWriteStream(archive),
      );
      expect(await tableHashes(t.db)).toEqual(source);

      const { target, handle } = await restoreInto(archive);
      expect(await tableHashes(handle.db)).toEqual(source);
      const inDefault = 'select count(*)::int as n from device_telemetry_default';
      expect(await count(handle.db, inDefault)).toBe(await count(t.db, inDefault));
      for (const store of ['files', 'images', 'device-documentations']) {
        const names = await readdir(join(sourceDir, store));
        expect(await readdir(join(target.dataDir, store))).toEqual(names);
        for (const name of names) {
          expect(readFileSync(join(target.dataDir, store, name))).toEqual(
            readFileSync(join(sourceDir, store, name)),
          );
        }
      }
      expect(existsSync(join(target.dataDir, 'pglite', 'not-an-upload'))).toBe(false);

      // A server started on it: the seed finds its secret and admin, logins work, ids go on.
      const seed = await handle.migrate((db) =>
        seedDatabase(db, { adminEmail: undefined, adminPassword: undefined }),
      );
      const app = await buildApp({
        config: target,
        db: handle.db,
        jwtSecret: seed.jwtSecret,
        logger: false,
      });
      try {
        expect((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(200);
        expect((await login(app, user.email, user.password)).statusCode).toBe(200);
      } finally {
        await app.close();
      }
      const added = await createPendingDevice(handle.db);
      expect(added.id).toBeGreaterThan(deviceId);
      expect((await createUser(handle.db, 'end_user')).id).toBeGreaterThan(user.id);
    },
  );

  it('takes one consistent snapshot while devices report', { timeout: 120_000 }, async () => {
    // Two tables written together: a snapshot shows as many notices as the counter says.
    let running = true;
    const writer = (async () => {
      for (let n = 1; running; n += 1) {
        await withSqlSession(t.db, 'write', async (s) => {
          await s.query("insert into global_notices (type, message) values ('info', $1)", [
            `backup ${n}`,
          ]);
          await s.query(
            "insert into settings (key, value) values ('backup-test', $1) on conflict (key) do update set value = excluded.value",
            [String(n)],
          );
        });
      }
    })();
    // The embedded broker acknowledges a reading once a flush stored it: ten in flight at a time.
    const acknowledged = new Set<number>();
    const reporter = (async () => {
      while (running) {
        await Promise.all(
          Array.from({ length: 10 }, async () => {
            const uptime = sequence;
            await publishReading();
            acknowledged.add(uptime);
          }),
        );
      }
    })();
    const archive = join(work, 'online.tar.gz');
    let ackedBefore: Set<number> | undefined;
    try {
      await waitFor(() => acknowledged.size >= 20, 30_000);
      const socket = await startAdminSocket(
        { db: t.db, kind: serverUrl ? 'postgres' : 'pglite', dataDir: sourceDir },
        t.app.log,
      );
      expect(socket).not.toBeNull();
      try {
        ackedBefore = new Set(acknowledged);
        await backupThroughServer(sourceDir, process.pid, createWriteStream(archive));
      } finally {
        await socket?.close();
      }
      expect(existsSync(adminSocketPath(sourceDir))).toBe(false);
      // Reporting goes on after the backup.
      const stored = await telemetryCount();
      await waitFor(async () => (await telemetryCount()) > stored, 20_000);
    } finally {
      running = false;
      await Promise.all([reporter, writer]);
    }
    const storedAfter = await telemetryCount();

    const manifest = await readBackup(archive, null);
    const { handle } = await restoreInto(archive);
    const restored = await tableHashes(handle.db);
    for (const [table, rows] of Object.entries(manifest.tables)) {
      expect(restored[table]?.split(' ')[0], table).toBe(String(rows));
    }
    const notices = await count(
      handle.db,
      "select count(*)::int as n from global_notices where message like 'backup %'",
    );
    const counter = await count(
      handle.db,
      "select value::int as n from settings where key = 'backup-test'",
    );
    expect(notices).toBeGreaterThan(0);
    expect(notices).toBe(counter);
    // Every reading acknowledged before the backup began is there, each whole, none made up.
    const rowsOf = async (db: Database) =>
      withSqlSession(db, 'snapshot', (s) =>
        s.query<{ row: string; uptime: number }>(
          "select t::text as row, (data->>'uptime')::int as uptime from device_telemetry t",
        ),
      );
    const after = await rowsOf(handle.db);
    const uptimes = new Set(after.map((r) => r.uptime));
    expect(ackedBefore?.size).toBeGreaterThanOrEqual(20);
    for (const uptime of ackedBefore ?? [])
      expect(uptimes.has(uptime), `reading ${uptime}`).toBe(true);
    const source = new Set((await rowsOf(t.db)).map((r) => r.row));
    for (const { row } of after) expect(source.has(row)).toBe(true);
    expect(after.length).toBeLessThan(storedAfter);
  });
});
