import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The cluster tier (integration, needs PostgreSQL and Redis): two server instances share one
// database and one Redis; specs open browsers on both (scripts/e2e-cluster.mjs).
const portA = Number(process.env.E2E_PORT_A ?? 18281);
const portB = Number(process.env.E2E_PORT_B ?? 18282);
process.env.E2E_PORT_A = String(portA);
process.env.E2E_PORT_B = String(portB);
process.env.E2E_MAIL_PORT ??= '18226';

export default defineConfig({
  ...base,
  testDir: './e2e/cluster',
  testIgnore: [],
  outputDir: './e2e/.artifacts-cluster',
  use: { ...base.use, baseURL: `http://127.0.0.1:${portA}` },
  webServer: {
    command: 'node ../../scripts/e2e-cluster.mjs',
    url: `http://127.0.0.1:${portB}/api/openapi.json`,
    reuseExistingServer: false,
    timeout: 180_000,
    // A signal the script handles, so it stops the servers and removes its database / data dir.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
  },
});
