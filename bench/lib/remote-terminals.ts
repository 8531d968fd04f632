// Part 3 of bench/remote-access.bench.ts: SSH terminals on as many simulated devices, each typing
// a key every 100 ms, keystroke→echo latency measured by the browser-terminal child process.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cpuSecondsOf, signIn, spawnChild, type RemoteServer } from './remote-server.ts';
import { latencySummary, round } from './report.ts';

const LOOP_RESOLUTION_MS = 10;

export interface TerminalsContext {
  server: RemoteServer;
  /** One terminal per device. */
  ids: number[];
  fleetPid: number;
  cleanups: (() => Promise<void>)[];
  problems: string[];
  typeSeconds: number;
  targetP95Ms: number;
}

export const measureTerminals = async ({
  server,
  ids,
  fleetPid,
  cleanups,
  problems,
  typeSeconds,
  targetP95Ms,
}: TerminalsContext) => {
  const { base, hub } = server;

  const { cookie, headers } = await signIn(base);
  const sessionIds: number[] = [];
  for (const id of ids) {
    const response = await fetch(`${base}/api/devices/${id}/connect/cli`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ duration: 600 }),
    });
    if (response.status !== 201) {
      throw new Error(`connect/cli ${response.status}: ${await response.text()}`);
    }
    sessionIds.push(((await response.json()) as { data: { id: number } }).data.id);
  }
  const load = spawnChild('terminal-load.ts', {
    base,
    cookie,
    sessionIds,
    username: 'root',
    password: 'admin01',
    openConcurrency: 20,
    typeEveryMs: 100,
    typeForMs: typeSeconds * 1000,
  });
  cleanups.push(() => load.stop());
  const opened = await load.next<{ opened: number; failed: number; open_seconds: number }>(
    (line) => 'opened' in line,
    180_000,
    'the terminals open',
  );
  // While typing: CPU of each process and the server's event-loop delay.
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  const serverCpu = process.cpuUsage();
  const fleetCpu = cpuSecondsOf(fleetPid);
  const streamsWhileTyping = hub.stats();
  const done = await load.next<{
    opened: number;
    failed: number;
    failures: string[];
    open_ms: number[];
    sent: number;
    echoes: number;
    missing: number;
    closed_early: number;
    typing_seconds: number;
    typing_cpu_seconds: number;
    latencies: number[];
  }>((line) => 'done' in line, typeSeconds * 1000 + 60_000, 'the typing');
  loop.disable();
  const used = process.cpuUsage(serverCpu);
  const seconds = done.typing_seconds;
  await load.stop();
  const latency = latencySummary(done.latencies);
  if (done.failed > 0)
    problems.push(`${done.failed} terminals failed: ${done.failures.join('; ')}`);
  if (done.missing > 0) problems.push(`${done.missing} keystrokes never echoed`);
  if (done.closed_early > 0) problems.push(`${done.closed_early} terminals closed while typing`);
  return {
    sessions: ids.length,
    opened: done.opened,
    failed: done.failed,
    open_all_seconds: round(opened.open_seconds, 1),
    open_each_20_parallel: latencySummary(done.open_ms),
    tunnels_and_streams_while_typing: streamsWhileTyping,
    keystrokes_sent: done.sent,
    echoes: done.echoes,
    missing: done.missing,
    keystrokes_per_second: round(done.sent / seconds, 0),
    keystroke_to_echo: latency,
    cpu_percent_while_typing: {
      server: round(((used.user + used.system) / 1e6 / seconds) * 100, 0),
      fleet: round(((cpuSecondsOf(fleetPid) - fleetCpu) / seconds) * 100, 0),
      terminals: round((done.typing_cpu_seconds / seconds) * 100, 0),
    },
    // The histogram holds the intervals of a LOOP_RESOLUTION_MS timer: the lag is beyond that.
    server_event_loop_lag_ms: {
      p50: round(Math.max(0, loop.percentile(50) / 1e6 - LOOP_RESOLUTION_MS), 1),
      p99: round(Math.max(0, loop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS), 1),
      max: round(Math.max(0, loop.max / 1e6 - LOOP_RESOLUTION_MS), 1),
    },
    target: { p95_ms: targetP95Ms, met: latency.p95_ms < targetP95Ms },
  };
};
