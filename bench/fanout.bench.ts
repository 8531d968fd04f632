// Fan-out: N simulated devices online (separate process), then one reboot for all of them through
// POST /api/devices/actions (1000 devices per request, the bulk limit). Measures the time from the
// first request until every device's acknowledgement ('progress', received by the device) and
// until every reboot has completed (the device went down and came back), read from the status
// channels (GET /api/status/channel/{id}, polled every POLL_MS).
// BENCH_DEVICES (default 10000) changes the fleet size.
// Run with `npm run bench`; writes bench/results/fanout.json.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnFleet } from './lib/fleet-control';
import { printTable, round, writeReport } from './lib/report';
import { BENCH_ADMIN, login, startServer } from './lib/server-process';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const BULK = 1000;
const POLL_MS = 500;
const REBOOT_MS = 3000;
/** Issue 5 target: every device of a 10k fleet has acknowledged within 10 s. */
const TARGET_SECONDS = 10;

type Channel = Record<string, { status: string }[]>;

const server = await startServer();
let exitCode = 0;
try {
  const fleet = spawnFleet({
    devices: DEVICES,
    seed: 2,
    mqttUrl: server.mqttUrl,
    statePath: join(mkdtempSync(join(tmpdir(), 'nf-fleet-')), 'state.json'),
    api: { url: server.url, ...BENCH_ADMIN },
    concurrency: 200,
    rebootMs: REBOOT_MS,
  });
  await fleet.waitFor((s) => s.ramped, 15 * 60_000, 'the ramp');
  await fleet.waitFor((s) => s.connected >= DEVICES, 60_000, 'every device online');
  // Let the hellos and first readings settle so the measurement is the reboot alone.
  await new Promise((resolve) => setTimeout(resolve, 5000));

  const cookie = await login(server.url);
  const xsrf = /RMS-XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
  const headers = {
    cookie,
    'x-requested-with': 'XMLHttpRequest',
    'x-xsrf-token': decodeURIComponent(xsrf),
    'content-type': 'application/json',
  };
  const ids: number[] = [];
  for (let offset = 0; ids.length < DEVICES; offset += BULK) {
    const page = await fetch(
      `${server.url}/api/devices?limit=${BULK}&offset=${offset}&fields=id&sort=id`,
      { headers },
    );
    const body = (await page.json()) as { data: { id: number }[] };
    if (body.data.length === 0) break;
    ids.push(...body.data.map((d) => d.id));
  }

  const started = performance.now();
  const channels: string[] = [];
  for (let i = 0; i < ids.length; i += BULK) {
    const response = await fetch(`${server.url}/api/devices/actions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ action: 'reboot', device_id: ids.slice(i, i + BULK) }),
    });
    const body = (await response.json()) as { meta?: { channel?: string } };
    if (!body.meta?.channel)
      throw new Error(`reboot refused: ${response.status} ${JSON.stringify(body)}`);
    channels.push(body.meta.channel);
  }
  const requestsSeconds = (performance.now() - started) / 1000;

  let ackedAt: number | null = null;
  let completedAt: number | null = null;
  let acked = 0;
  let completed = 0;
  const deadline = started + 120_000;
  while (completedAt === null && performance.now() < deadline) {
    acked = 0;
    completed = 0;
    for (const channel of channels) {
      const response = await fetch(`${server.url}/api/status/channel/${channel}`, { headers });
      const body = (await response.json()) as { data: Channel };
      for (const updates of Object.values(body.data)) {
        if (updates.some((u) => u.status === 'progress' || u.status === 'completed')) acked++;
        if (updates.some((u) => u.status === 'completed')) completed++;
      }
    }
    const at = (performance.now() - started) / 1000;
    if (ackedAt === null && acked >= ids.length) ackedAt = at;
    if (completedAt === null && completed >= ids.length) completedAt = at;
    if (completedAt === null) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  await fleet.stop();

  const result = {
    devices: ids.length,
    requests: channels.length,
    requests_seconds: round(requestsSeconds, 2),
    all_acknowledged_seconds: ackedAt === null ? null : round(ackedAt, 2),
    all_completed_seconds: completedAt === null ? null : round(completedAt, 2),
    acknowledged: acked,
    completed,
    simulated_reboot_ms: REBOOT_MS,
    poll_ms: POLL_MS,
  };
  const met = ackedAt !== null && ackedAt < TARGET_SECONDS;
  printTable([['metric', 'value'], ...Object.entries(result).map(([k, v]) => [k, String(v)])]);
  console.log(`every ack within ${TARGET_SECONDS} s: ${met ? 'met' : 'MISSED'}`);
  writeReport('fanout', result, { target: { all_acknowledged_seconds: TARGET_SECONDS, met } });
  if (ackedAt === null) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await server.stop();
  server.remove();
}
process.exit(exitCode);
