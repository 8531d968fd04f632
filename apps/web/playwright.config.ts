import { defineConfig } from '@playwright/test';

// The e2e tier drives Debian's Chromium against the real server (built SPA, PGlite in a fresh temp dir).
const port = Number(process.env.E2E_PORT ?? 18180);

export default defineConfig({
  testDir: './e2e',
  // The cluster specs need PostgreSQL and Redis: the integration tier runs them (playwright.cluster.config.ts).
  testIgnore: ['cluster/**'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: './e2e/.artifacts',
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: `node ../../scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${port}/api/openapi.json`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    // A signal the script handles, so it stops the servers and removes its database / data dir.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
  },
});
