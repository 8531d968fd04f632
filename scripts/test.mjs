#!/usr/bin/env node
// Runs every test tier in order and prints one closing line "N passed, N failed".
//   npm test                  lint, typecheck, unit, server (PGlite), RMS conformance, VPN tunnels in network
//                             namespaces (root with /dev/net/tun only), web components, web build and its initial
//                             JavaScript budget, e2e (Chromium)
//   npm run test:integration  server tests against DATABASE_URL (PostgreSQL), defaulting to the local
//                             one; with REDIS_URL also the two-instance browser tier
//   npm run test:fault        issue 23's faults on real processes: a broker stopped under load, the
//                             server killed mid-work; with DATABASE_URL and root also PostgreSQL
//                             restarted and DATA_DIR's disk full
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureOpenvpn } from './ensure-openvpn.mjs';

const root = join(import.meta.dirname, '..');
const resultsDir = join(root, '.tmp', 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const integration = process.argv.includes('--integration');
const fault = process.argv.includes('--fault');
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedTiers = [];

/** Each tier's wall time, printed at the end: CI has a time budget and this says where it goes. */
const timings = [];
const seconds = (since) => Math.round((Date.now() - since) / 1000);

const run = (name, cmd, args, { cwd = root, env = {} } = {}) => {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push(`${name} ${seconds(started)} s`);
  if (res.status !== 0) failedTiers.push(name);
  return res.status === 0;
};

/**
 * Tiers that each keep one core busy run side by side; their output is held and printed whole,
 * one tier after the other, so it reads as if they had run in turn.
 */
const runTogether = (tiers) =>
  Promise.all(
    tiers.map(
      ({ name, cmd, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status) => {
            timings.push(`${name} ${seconds(started)} s (side by side)`);
            resolve({ name, status, output: Buffer.concat(output) });
          });
        }),
    ),
  ).then((results) => {
    for (const { name, status, output } of results) {
      console.log(`\n=== ${name} ===`);
      process.stdout.write(output);
      if (status !== 0) failedTiers.push(name);
    }
  });

/** Vitest and Playwright both write JSON results; count them so the closing line is real. */
const count = (file) => {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in r) {
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  } else if (r.stats) {
    totals.passed += r.stats.expected;
    totals.failed += r.stats.unexpected + (r.stats.flaky ?? 0);
    totals.skipped += r.stats.skipped;
  }
};

const vitest = (name, workspace, env = {}, args = []) => {
  const out = join(resultsDir, `${name}.json`);
  run(
    name,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...args],
    {
      cwd: join(root, workspace),
      env,
    },
  );
  count(out);
};

if (fault) {
  // Each scenario says why when it skips (no Mosquitto, no root, no DATABASE_URL).
  vitest('fault', 'apps/server', {}, ['-c', 'vitest.fault.config.ts']);
} else if (integration) {
  const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  // The permission matrix asserts route scoping: the same SQL the PGlite tier already runs. This
  // tier is for what differs on a real server (driver types, pooled connections, concurrency), and
  // the matrix's thousands of requests would add minutes to CI without covering any of that. The
  // fuzz shards run 20 cases per operation here: the PGlite tier runs 50 and `npm run fuzz` 500
  // (issue 23's budgets); on PostgreSQL they check the driver's error mapping, not the depth.
  vitest('server-postgres', 'apps/server', { DATABASE_URL, FUZZ_CASES_PER_OPERATION: '20' }, [
    '--exclude',
    'test/permission-matrix/**',
  ]);
  // Two instances sharing PostgreSQL and Redis, with browsers on both (needs REDIS_URL).
  if (process.env.REDIS_URL) {
    ensureChromium();
    // The web app, server and agent as `npm start` runs them; what the README's tier has just
    // built is fresh and skipped.
    if (run('build', 'npm', ['run', 'build'])) {
      const out = join(resultsDir, 'e2e-cluster.json');
      run('e2e-cluster', 'npx', ['playwright', 'test', '-c', 'playwright.cluster.config.ts'], {
        cwd: join(root, 'apps/web'),
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out, DATABASE_URL },
      });
      count(out);
    }
  } else {
    console.log('\nREDIS_URL is not set: the two-instance e2e tier is skipped.');
  }
} else {
  await runTogether([
    { name: 'lint', cmd: 'npm', args: ['run', 'lint'] },
    { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'] },
  ]);
  vitest('tools', 'tools');
  vitest('contracts', 'packages/contracts');
  vitest('openvpn-hub', 'packages/openvpn-hub');
  vitest('agent', 'apps/agent');
  vitest('server', 'apps/server', { DATABASE_URL: '' });
  // Issue 14: our API measured against RMS's published definition; prints the coverage.
  vitest('rms-conformance', 'apps/server', { DATABASE_URL: '' }, ['-c', 'vitest.rms.config.ts']);
  // Issue 19: VPN hubs proven with real packets through OpenVPN tunnels between network namespaces.
  const vpnUnavailable =
    process.getuid?.() !== 0
      ? 'it needs root (network namespaces, TUN devices)'
      : !existsSync('/dev/net/tun') && '/dev/net/tun is missing (modprobe tun)';
  if (vpnUnavailable) {
    console.log(`\n=== vpn-tunnels ===\nSkipped: ${vpnUnavailable}.`);
  } else {
    try {
      ensureOpenvpn();
      vitest('vpn-tunnels', 'apps/server', { DATABASE_URL: '' }, ['-c', 'vitest.vpn.config.ts']);
    } catch (error) {
      console.log(`\n=== vpn-tunnels ===\nOpenVPN could not be installed: ${error.message}`);
      failedTiers.push('vpn-tunnels');
    }
  }
  vitest('web', 'apps/web');
  ensureChromium();
  // The web app, server and agent compiled as `npm start` runs them (e2e runs the compiled server).
  if (run('build', 'npm', ['run', 'build'])) {
    // Issue 6: the console's initial JavaScript stays within 250 KB gzip.
    run('bundle-size', 'node', ['scripts/bundle-size.mjs', '--max-kb', '250']);
    const out = join(resultsDir, 'e2e.json');
    run('e2e', 'npx', ['playwright', 'test'], {
      cwd: join(root, 'apps/web'),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    });
    count(out);
  }
}

console.log(`\nTier times: ${timings.join(', ')}`);
if (failedTiers.length) console.log(`Failed tiers: ${failedTiers.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedTiers.length ? 1 : 0);
