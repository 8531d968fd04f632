// Remote access (issue 15): relay throughput through a device tunnel against raw loopback TCP,
// keystroke→echo latency with 200 SSH terminals open at once, "Web UI" click to first byte (cold
// and warm tunnel) and the server's memory per open tunnel. The server (buildApp, in-memory
// PGlite, embedded Aedes) runs in this process so its tunnel hub can be used directly; devices,
// simulated fleet and browser terminals run in child processes on the same machine.
// Run with `npm run bench`; writes bench/results/remote-access.json.
import type { Duplex } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FleetState } from '../apps/agent/src/sim/fleet-state.ts';
import { SimDevice } from '../apps/agent/src/sim/sim-device.ts';
import { spawnFleet } from './lib/fleet-control.ts';
import {
  addPendingDevice,
  collectGarbage,
  rootCompanyId,
  setCookie,
  signIn,
  startRemoteServer,
  timedGet,
} from './lib/remote-server.ts';
import { latencySummary, printTable, round, writeReport } from './lib/report.ts';
import { measureThroughput } from './lib/remote-throughput.ts';
import { measureTerminals } from './lib/remote-terminals.ts';

const MIB = Number(process.env.BENCH_MIB ?? 256);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 200);
const TYPE_SECONDS = Number(process.env.BENCH_TYPE_SECONDS ?? 20);
const WEBUI_DEVICES = Number(process.env.BENCH_WEBUI_DEVICES ?? 20);
/** `throughput` runs the first part alone and writes no report (for profiling it). */
const ONLY = process.env.BENCH_ONLY ?? '';
const FLEET_SEED = 4242;
/** Short, so the end of the run can see every tunnel close by itself. */
const TUNNEL_IDLE_SECONDS = 10;

/** Recorded, not enforced: a shared 2-core machine moves the figures. */
const TARGETS = { throughputRatio: 0.5, keystrokeP95Ms: 50, webUiFirstByteMs: 1000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const memory = () => {
  const m = process.memoryUsage();
  return { heap_used: m.heapUsed, external: m.external, rss: m.rss };
};

const server = await startRemoteServer({ TUNNEL_IDLE_SECONDS: String(TUNNEL_IDLE_SECONDS) });
const { hub, db, base } = server;
const companyId = await rootCompanyId(db);
const stateDir = mkdtempSync(join(tmpdir(), 'nf-remote-bench-'));
const cleanups: (() => Promise<void>)[] = [];
const problems: string[] = [];
let exitCode = 0;

const waitOnline = async (ids: number[], timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!ids.every((id) => server.isOnline(id))) {
    if (Date.now() > deadline) throw new Error('devices never came online on the server');
    await sleep(100);
  }
};

// ---------------------------------------------------------------------------------------------
// The simulated fleet: TERMINALS devices for the tunnels and terminals, WEBUI_DEVICES for web UI.
// ---------------------------------------------------------------------------------------------
const startSimFleet = async (count: number) => {
  const statePath = join(stateDir, 'fleet.json');
  const state = await FleetState.load(statePath);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const sim = new SimDevice(i, FLEET_SEED);
    const pending = await addPendingDevice(db, companyId, sim);
    ids.push(pending.id);
    state.set(sim.serial, { claim: pending.claim });
  }
  await state.flush();
  const started = performance.now();
  const fleet = spawnFleet({
    devices: count,
    seed: FLEET_SEED,
    mqttUrl: server.mqttUrl,
    statePath,
  });
  cleanups.push(async () => void (await fleet.stop()));
  await fleet.waitFor((s) => s.ramped && s.connected >= count, 120_000, 'the fleet online');
  await waitOnline(ids, 30_000);
  return { fleet, ids, rampSeconds: (performance.now() - started) / 1000 };
};

// ---------------------------------------------------------------------------------------------
// 2. Memory: N tunnels open and idle (a stream opened and closed on each), after GC.
// ---------------------------------------------------------------------------------------------
/** Opens a tunnel to each device (20 at a time): the time to the first stream, and the streams. */
const openTunnels = async (ids: number[]) => {
  const dialMs: number[] = [];
  const streams: Duplex[] = [];
  const queue = [...ids];
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const started = performance.now();
        const stream = await hub.openStream(id, { host: '127.0.0.1', port: 80 });
        dialMs.push(performance.now() - started);
        streams.push(stream);
        stream.destroy();
      }
    }),
  );
  return { dialMs, streams };
};

const tunnelMemory = async (ids: number[]) => {
  // A first round that is not measured: the code paths are compiled and the caches filled, so
  // that the baseline below differs from the measurement by the tunnels alone. Its tunnels are
  // then closed from the server's side (the stream's mux; the hub closes tunnels only when idle).
  const first = await openTunnels(ids);
  for (const stream of first.streams) {
    const mux = (stream as unknown as { mux?: { close?: (reason: string) => void } }).mux;
    if (typeof mux?.close !== 'function') throw new Error('TunnelStream has no mux to close');
    mux.close('bench: closing the warm-up tunnels');
  }
  const deadline = Date.now() + 10_000;
  while (hub.stats().tunnels > 0 && Date.now() < deadline) await sleep(100);
  if (hub.stats().tunnels > 0) problems.push('warm-up tunnels did not close');
  await sleep(500);
  await collectGarbage();
  const before = memory();
  const tunnelsBefore = hub.stats().tunnels;
  const { dialMs } = await openTunnels(ids);
  await sleep(1000);
  await collectGarbage();
  const after = memory();
  const stats = hub.stats();
  const opened = stats.tunnels - tunnelsBefore;
  const per = (key: keyof typeof before) => round((after[key] - before[key]) / opened / 1024, 1);
  return {
    tunnels: opened,
    streams_left: stats.streams,
    before_mib: {
      heap_used: round(before.heap_used / 2 ** 20),
      external: round(before.external / 2 ** 20),
      rss: round(before.rss / 2 ** 20),
    },
    per_tunnel_kib: {
      heap_used_plus_external: round(
        (after.heap_used + after.external - before.heap_used - before.external) / opened / 1024,
        1,
      ),
      heap_used: per('heap_used'),
      external: per('external'),
      rss: per('rss'),
    },
    dial_20_parallel_first: latencySummary(first.dialMs),
    dial_20_parallel_measured: latencySummary(dialMs),
    method:
      'process.memoryUsage() of the server process (this one) after 4 forced full GCs 100 ms ' +
      'apart, with no tunnel open and then with the tunnels open and idle (a stream opened and ' +
      'closed on each, then 1 s idle; the same tunnels were opened and closed once before the ' +
      'baseline to warm the code up); the difference divided by the tunnels. The broker thread ' +
      'and PGlite live in the same process and are idle meanwhile.',
  };
};

// ---------------------------------------------------------------------------------------------
// 4. Web UI: POST connect/webui → launch link (cookie) → GET / until its first byte.
// ---------------------------------------------------------------------------------------------
const webUi = async (ids: number[]) => {
  const { headers } = await signIn(base);
  const click = async (id: number) => {
    const hadTunnel = hub.hasTunnel(id);
    const started = performance.now();
    const response = await fetch(`${base}/api/devices/${id}/connect/webui`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ duration: 600 }),
    });
    if (response.status !== 201) throw new Error(`connect/webui ${response.status}`);
    const url = new URL(((await response.json()) as { data: { url: string } }).data.url);
    const posted = performance.now();
    const launched = await timedGet(base, url.host, url.pathname + url.search);
    const proof = setCookie(launched, '__nf_webui');
    if (launched.status !== 302 || !proof) throw new Error(`launch answered ${launched.status}`);
    const beforePage = performance.now();
    const page = await timedGet(base, url.host, '/', { cookie: proof });
    const firstByte = beforePage - started + page.firstByteMs;
    // The device answers / with a redirect to its login page: follow it, as a browser would.
    let loaded = beforePage - started + page.totalMs;
    if (page.status === 302 && typeof page.headers.location === 'string') {
      const beforeLogin = performance.now();
      const login = await timedGet(base, url.host, page.headers.location, { cookie: proof });
      if (!login.body.includes('sim-webui')) throw new Error('no login page through the tunnel');
      loaded = beforeLogin - started + login.totalMs;
    } else if (page.status !== 200) {
      throw new Error(`GET / answered ${page.status}`);
    }
    return {
      hadTunnel,
      status: page.status,
      postMs: posted - started,
      launchMs: launched.totalMs,
      pageFirstByteMs: page.firstByteMs,
      firstByte,
      loaded,
    };
  };
  type Click = Awaited<ReturnType<typeof click>>;
  const cold: Click[] = [];
  for (const id of ids) cold.push(await click(id));
  const warm: Click[] = [];
  for (const id of ids) warm.push(await click(id));
  if (cold.some((c) => c.hadTunnel)) problems.push('a "cold" web UI device already had a tunnel');
  const describe = (clicks: Click[]) => {
    const first = latencySummary(clicks.map((c) => c.firstByte));
    return {
      first_byte: first,
      login_page_loaded: latencySummary(clicks.map((c) => c.loaded)),
      post_connect_webui: latencySummary(clicks.map((c) => c.postMs)),
      launch: latencySummary(clicks.map((c) => c.launchMs)),
      get_root_first_byte: latencySummary(clicks.map((c) => c.pageFirstByteMs)),
      status_of_get_root: [...new Set(clicks.map((c) => c.status))],
      target: { ms: TARGETS.webUiFirstByteMs, met: first.p95_ms < TARGETS.webUiFirstByteMs },
    };
  };
  return { devices: ids.length, cold: describe(cold), warm: describe(warm) };
};

// ---------------------------------------------------------------------------------------------
try {
  const results: Record<string, unknown> = {};
  console.log(`throughput: ${MIB} MiB each way, ${REPEATS} rounds`);
  const relay = await measureThroughput({
    server,
    companyId,
    cleanups,
    problems,
    waitOnline,
    mib: MIB,
    repeats: REPEATS,
    targetRatio: TARGETS.throughputRatio,
  });
  results.throughput = relay;
  if (ONLY !== 'throughput') {
    console.log(`fleet: ${TERMINALS + WEBUI_DEVICES} simulated devices`);
    const { fleet, ids, rampSeconds } = await startSimFleet(TERMINALS + WEBUI_DEVICES);
    results.fleet = { devices: ids.length, ramp_seconds: round(rampSeconds, 1) };
    await sleep(3000);
    const terminalIds = ids.slice(0, TERMINALS);
    console.log(`memory: ${terminalIds.length} tunnels`);
    const mem = await tunnelMemory(terminalIds);
    results.memory = mem;
    console.log(`terminals: ${terminalIds.length} SSH sessions, typing ${TYPE_SECONDS} s`);
    const term = await measureTerminals({
      server,
      ids: terminalIds,
      fleetPid: fleet.pid,
      cleanups,
      problems,
      typeSeconds: TYPE_SECONDS,
      targetP95Ms: TARGETS.keystrokeP95Ms,
    });
    results.terminals = term;
    console.log(`web UI: ${WEBUI_DEVICES} devices, cold then warm`);
    const web = await webUi(ids.slice(TERMINALS));
    results.web_ui = web;

    // Everything closed: streams must be gone at once, tunnels after the idle time.
    await sleep(1000);
    const afterClose = hub.stats();
    const closeStarted = performance.now();
    while (hub.stats().tunnels > 0 && performance.now() - closeStarted < 30_000) await sleep(250);
    const idleClose = hub.stats();
    await collectGarbage();
    const end = memory();
    const baseline = mem.before_mib;
    results.teardown = {
      streams_left_after_sessions_closed: afterClose.streams,
      tunnels_before_idle_close: afterClose.tunnels,
      tunnels_left_after_idle_close: idleClose.tunnels,
      idle_close_seconds: round((performance.now() - closeStarted) / 1000, 1),
      idle_seconds_configured: TUNNEL_IDLE_SECONDS,
      memory_vs_memory_baseline_mib: {
        heap_used: round(end.heap_used / 2 ** 20 - baseline.heap_used),
        external: round(end.external / 2 ** 20 - baseline.external),
        rss: round(end.rss / 2 ** 20 - baseline.rss),
      },
    };
    if (afterClose.streams > 0) problems.push(`${afterClose.streams} streams left open`);
    if (idleClose.tunnels > 0) problems.push(`${idleClose.tunnels} tunnels never closed`);

    const report = writeReport('remote-access', results, { problems });
    printTable([
      ['figure', 'measured', 'target', 'met'],
      ...relay.variants.map((v) => [
        `${v.name} MB/s (server / device CPU s)`,
        v.runs_mb_s.length > 0
          ? `${v.mb_s} (${v.server_cpu_s} / ${v.device_cpu_s})${v.stalled ? `, ${v.stalled} stalled` : ''}`
          : `stalled in all ${v.stalled} runs`,
        '',
        '',
      ]),
      [
        'tunnel / raw, download · upload',
        `${relay.ratio_to_raw.download} · ${relay.ratio_to_raw.upload}`,
        `≥ ${TARGETS.throughputRatio}`,
        relay.target.met ? 'yes' : 'no',
      ],
      [
        'tunnel / raw, download with zero mask',
        String(relay.ratio_to_raw.download_zero_mask),
        '',
        '',
      ],
      [
        `keystroke→echo p50/p95/p99 ms (${term.opened} terminals)`,
        `${term.keystroke_to_echo.p50_ms} / ${term.keystroke_to_echo.p95_ms} / ${term.keystroke_to_echo.p99_ms}`,
        `p95 < ${TARGETS.keystrokeP95Ms}`,
        term.target.met ? 'yes' : 'no',
      ],
      [
        'web UI first byte cold p50/p95 ms',
        `${web.cold.first_byte.p50_ms} / ${web.cold.first_byte.p95_ms}`,
        `< ${TARGETS.webUiFirstByteMs}`,
        web.cold.target.met ? 'yes' : 'no',
      ],
      [
        'web UI first byte warm p50/p95 ms',
        `${web.warm.first_byte.p50_ms} / ${web.warm.first_byte.p95_ms}`,
        `< ${TARGETS.webUiFirstByteMs}`,
        web.warm.target.met ? 'yes' : 'no',
      ],
      [
        'server memory per idle tunnel KiB (heap+ext / RSS)',
        `${mem.per_tunnel_kib.heap_used_plus_external} / ${mem.per_tunnel_kib.rss}`,
        '',
        '',
      ],
    ]);
    console.log(`date ${report.date}`);
  } else {
    // Profiling runs write no report.
    console.log(JSON.stringify(relay, null, 2));
  }
  for (const problem of problems) console.error(`problem: ${problem}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await server.close();
  rmSync(stateDir, { recursive: true, force: true });
}
process.exitCode = exitCode;
