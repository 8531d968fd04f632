#!/usr/bin/env node
// Starts the real server for the e2e tier: a fresh PGlite DATA_DIR, the demo seed (clearly named
// demo users, one per default role), then the server serving the built SPA.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from './build/index.mjs';
import { startE2eSmtpSink } from './e2e-smtp-sink.mjs';

const serverDir = join(import.meta.dirname, '..', 'apps', 'server');
const dataDir = mkdtempSync(join(tmpdir(), 'netfleet-e2e-'));
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 18125);
const env = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '18180',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  // The devices spec runs the simulator against the embedded broker on this port.
  MQTT_PORT: process.env.E2E_MQTT_PORT ?? '18184',
  NETFLEET_ADMIN_EMAIL: 'admin@e2e.netfleet.test',
  NETFLEET_ADMIN_PASSWORD: 'e2e-admin-password',
  DEMO_PASSWORD: 'e2e-demo-password',
  LOG_LEVEL: 'warn',
  // The webhook spec delivers to a receiver it runs on 127.0.0.1.
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  // Mail goes to a real SMTP server the specs read (scripts/e2e-smtp-sink.mjs).
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // No real OpenVPN in the host's network namespace: the hub host reports it missing, which the
  // VPN hubs spec checks the console says (hubs are still made and configured).
  OPENVPN_PATH: '/nonexistent/netfleet-e2e/openvpn',
};
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });

// The compiled server, as `npm start` runs it (built here when its sources changed).
await ensureBuilt(['server']);
const seed = spawnSync(process.execPath, ['dist/seed-demo.js'], {
  cwd: serverDir,
  env,
  stdio: 'inherit',
});
if (seed.status !== 0) {
  cleanup();
  process.exit(seed.status ?? 1);
}
const sink = await startE2eSmtpSink({
  smtpPort,
  httpPort: Number(process.env.E2E_MAIL_PORT ?? 18126),
});
const server = spawn(process.execPath, ['dist/server.js'], {
  cwd: serverDir,
  env,
  stdio: 'inherit',
});
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  sink.close();
  cleanup();
  process.exit(code ?? 0);
});
