// Task manager fan-out (issue 17): N simulated devices online (separate process), one task group
// with one reboot step, run on the admin's company (POST /api/devices/tasks/groups/{id} with
// company_id, so the server resolves the devices when the run starts). Measures the POST itself,
// the time from the POST until every device has its step job sent (the run's counts show
// running + completed == total == devices) and until every device's step completed (the
// simulated device goes down for REBOOT_MS and comes back), polling GET
// /api/devices/tasks/runs/{id} every 100 ms (also when the run's devices were resolved: its
// counts' total reached the fleet). The whole scenario runs BENCH_RUNS times (default 3),
// each on a fresh server and data directory; every figure is the median of the runs.
// BENCH_DEVICES (default 10000) changes the fleet size; devices not online after BENCH_RAMP_LIMIT
// seconds (default 900) and a further minute are reported in `not_connected`: they are targeted
// all the same, so their step never completes and the run's "every device completed" is null.
// Run with `npm run bench`; writes bench/results/tasks.json.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TaskRun } from '@netfleet/contracts';
import { describeNotConnected } from '../apps/agent/src/sim/not-connected.ts';
import { notConnectedOf, spawnFleet } from './lib/fleet-control';
import { benchRuns, latencySummary, medianOf, printRuns, round, writeReport } from './lib/report';
import { BENCH_ADMIN, sessionApi, startServer } from './lib/server-process';
import { createTeardown, type Teardown } from './lib/teardown';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const RAMP_LIMIT_S = Number(process.env.BENCH_RAMP_LIMIT ?? 900);
const RUNS = benchRuns();
const REBOOT_MS = 3000;
const POLL_MS = 100;
/** How long a run may take before its "every device" times are given up as null. */
const DEADLINE_MS = 120_000;
/** Issue 17 targets: created and fanned out < 2 s; every step finished ≤ the reboot + 10 s. */
const TARGETS = { all_sent_seconds: 2, all_completed_seconds: REBOOT_MS / 1000 + 10 };

/** One run: a fresh server and fleet, then the task group on the whole company. */
const taskRun = async (teardown: Teardown) => {
  const server = await startServer();
  teardown.add(() => server.remove());
  teardown.add(() => server.stop());
  const stateDir = mkdtempSync(join(tmpdir(), 'nf-fleet-'));
  teardown.add(() => rmSync(stateDir, { recursive: true, force: true }));
  const fleet = spawnFleet({
    devices: DEVICES,
    seed: 2,
    mqttUrl: server.mqttUrl,
    statePath: join(stateDir, 'state.json'),
    api: { url: server.url, ...BENCH_ADMIN },
    concurrency: 200,
    rebootMs: REBOOT_MS,
  });
  teardown.add(() => fleet.stop());
  const ramped = await fleet.reaches((s) => s.ramped, RAMP_LIMIT_S * 1000, 'the ramp');
  if (ramped) await fleet.reaches((s) => s.connected >= DEVICES, 60_000, 'every device online');
  const notConnected = notConnectedOf(fleet.latest(), DEVICES);
  console.log(`before the run: ${describeNotConnected(notConnected)}`);
  // Let the hellos and first readings settle so the measurement is the run alone.
  await sleep(5000);

  const api = await sessionApi(server.url);
  const user = await api<{ company_id: number }>('/api/user');
  // Every device the fleet added (the server had none before), connected or not: the run
  // reaches them all.
  const devices = fleet.latest()?.provisioned ?? 0;
  const group = await api<{ data: { id: number } }>('/api/devices/tasks/groups', {
    method: 'POST',
    body: {
      name: 'Bench reboot',
      tasks: [{ name: 'Reboot', order: 0, timeout: 60, action: 'reboot' }],
    },
  });

  const started = performance.now();
  console.log(`run started at ${Date.now()} (epoch ms)`);
  const since = () => (performance.now() - started) / 1000;
  const executed = await api<{ meta: { run_id: number } }>(
    `/api/devices/tasks/groups/${group.data.id}`,
    { method: 'POST', body: { company_id: [user.company_id] } },
  );
  const executeSeconds = since();
  const runId = executed.meta.run_id;

  // Each poll's time is when its answer arrived (a bound: the counts were read before that).
  let resolved: number | null = null;
  let allSent: number | null = null;
  let allCompleted: number | null = null;
  let last: TaskRun | null = null;
  const polls: number[] = [];
  // The run's counts about once a second: where the time goes shows in the console.
  let nextReport = 0;
  while (allCompleted === null && performance.now() - started < DEADLINE_MS) {
    const sent = performance.now();
    last = (await api<{ data: TaskRun }>(`/api/devices/tasks/runs/${runId}`)).data;
    polls.push(performance.now() - sent);
    const { counts } = last;
    const at = since();
    if (resolved === null && counts.total === devices) resolved = at;
    if (
      allSent === null &&
      counts.total === devices &&
      counts.running + counts.completed === devices
    )
      allSent = at;
    if (counts.total === devices && counts.completed === devices) allCompleted = at;
    if (at >= nextReport || allCompleted !== null) {
      nextReport = Math.floor(at) + 1;
      console.log(
        `  ${at.toFixed(1)} s: ${JSON.stringify(counts)} connected ${fleet.latest()?.connected}`,
      );
    }
    // A run that ended otherwise (devices failed or expired) will not get there.
    if (last.status === 'completed' || last.status === 'cancelled') break;
    await sleep(Math.max(0, POLL_MS - (performance.now() - sent)));
  }
  await fleet.stop();
  const pollLatency = latencySummary(polls);
  return {
    devices,
    not_connected: notConnected,
    execute_request_ms: round(executeSeconds * 1000, 1),
    targets_resolved_seconds: resolved === null ? null : round(resolved, 2),
    all_sent_seconds: allSent === null ? null : round(allSent, 2),
    all_completed_seconds: allCompleted === null ? null : round(allCompleted, 2),
    run_status: last?.status ?? 'unknown',
    counts: last?.counts ?? {},
    polls: pollLatency.count,
    poll_p50_ms: pollLatency.p50_ms,
    poll_max_ms: pollLatency.max_ms,
    simulated_reboot_ms: REBOOT_MS,
  };
};

type TasksResult = Awaited<ReturnType<typeof taskRun>>;

const runOnce = async () => {
  const teardown = createTeardown();
  try {
    return await taskRun(teardown);
  } finally {
    await teardown.run();
  }
};

let exitCode = 0;
try {
  const runs: TasksResult[] = [];
  for (let run = 1; run <= RUNS; run++) {
    console.log(`run ${run} of ${RUNS}: ${DEVICES} devices`);
    runs.push(await runOnce());
  }
  const result = medianOf(runs) as TasksResult;
  const met = {
    all_sent:
      result.all_sent_seconds !== null && result.all_sent_seconds < TARGETS.all_sent_seconds,
    all_completed:
      result.all_completed_seconds !== null &&
      result.all_completed_seconds <= TARGETS.all_completed_seconds,
  };
  printRuns(result, runs);
  console.log(
    `every step job sent within ${TARGETS.all_sent_seconds} s: ${met.all_sent ? 'met' : 'MISSED'}; ` +
      `every step finished within ${TARGETS.all_completed_seconds} s: ${met.all_completed ? 'met' : 'MISSED'}`,
  );
  writeReport('tasks', result, { runs, targets: TARGETS, met });
  // Most runs left some device without its step sent.
  if (result.all_sent_seconds === null) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
}
process.exit(exitCode);
