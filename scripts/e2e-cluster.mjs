#!/usr/bin/env node
// Starts two server instances that share one PostgreSQL database and one Redis (the scale-out
// setup of docs/scale-out.md) for the cluster e2e spec: a fresh database from DATABASE_URL, the
// demo seed, instance A on E2E_PORT_A and instance B on E2E_PORT_B, mail to a real SMTP server.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { ensureBuilt } from './build/index.mjs';
import { startE2eSmtpSink } from './e2e-smtp-sink.mjs';

const base = process.env.DATABASE_URL;
const redis = process.env.REDIS_URL;
if (!base || !redis) {
  console.error('The cluster e2e needs DATABASE_URL (PostgreSQL) and REDIS_URL.');
  process.exit(1);
}
const serverDir = join(import.meta.dirname, '..', 'apps', 'server');
const database = `netfleet_e2e_cluster_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${database}`);
await admin.end();
const databaseUrl = new URL(base);
databaseUrl.pathname = `/${database}`;

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 18225);
const sink = await startE2eSmtpSink({
  smtpPort,
  httpPort: Number(process.env.E2E_MAIL_PORT ?? 18226),
});
const env = {
  ...process.env,
  DATABASE_URL: databaseUrl.toString(),
  REDIS_URL: redis,
  NETFLEET_ADMIN_EMAIL: 'admin@e2e.netfleet.test',
  NETFLEET_ADMIN_PASSWORD: 'e2e-admin-password',
  DEMO_PASSWORD: 'e2e-demo-password',
  LOG_LEVEL: 'warn',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
};

const servers = [];
const dropDatabase = async () => {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`drop database if exists ${database} with (force)`);
  await client.end();
};
let stopping = false;
const stop = async (code) => {
  if (stopping) return;
  stopping = true;
  for (const server of servers) server.kill('SIGTERM');
  await Promise.all(
    servers.map((server) => new Promise((resolve) => server.once('exit', resolve))),
  );
  sink.close();
  await dropDatabase().catch((error) => console.error(`Could not drop ${database}: ${error}`));
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

// The compiled server, as `npm start` runs it (built here when its sources changed).
await ensureBuilt(['server']);
const seed = spawnSync(process.execPath, ['dist/seed-demo.js'], {
  cwd: serverDir,
  env,
  stdio: 'inherit',
});
if (seed.status !== 0) await stop(seed.status ?? 1);

const start = async (port) => {
  // Node itself, not an npx wrapper: the wrapper exits on SIGTERM before the server has closed,
  // and the database was dropped under a server still writing its last state.
  const server = spawn(process.execPath, ['dist/server.js'], {
    cwd: serverDir,
    env: { ...env, PORT: String(port) },
    stdio: 'inherit',
  });
  servers.push(server);
  server.on('exit', (code) => void stop(code ?? 1));
  // One instance at a time: the second must find the first one's migrations done.
  for (let attempt = 0; attempt < 120; attempt++) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/openapi.json`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Instance on port ${port} did not start`);
};
await start(Number(process.env.E2E_PORT_A ?? 18281));
await start(Number(process.env.E2E_PORT_B ?? 18282));
