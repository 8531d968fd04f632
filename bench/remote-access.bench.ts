// Remote access (issue 15): relay throughput through a device tunnel against raw loopback TCP,
// keystroke→echo latency with 200 SSH terminals open at once, "Web UI" click to first byte (cold
// and warm tunnel) and the server's memory per open tunnel. The server (buildApp, in-memory
// PGlite, embedded Aedes) runs in this process so its tunnel hub can be used directly; devices,
// simulated fleet and browser terminals run in child processes on the same machine.
// Run with `npm run bench`; writes bench/results/remote-access.json.
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { FleetState } from '../apps/agent/src/sim/fleet-state.ts';
import { SimDevice } from '../apps/agent/src/sim/sim-device.ts';
import { spawnFleet } from './lib/fleet-control.ts';
import {
  addPendingDevice,
  collectGarbage,
  cpuSecondsOf,
  rootCompanyId,
  setCookie,
  signIn,
  spawnChild,
  startRemoteServer,
  timedGet,
} from './lib/remote-server.ts';
import { percentile, printTable, round, writeReport } from './lib/report.ts';

const MIB = Number(process.env.BENCH_MIB ?? 256);
const BYTES = MIB * 2 ** 20;
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
const MB = 1e6;
const LOOP_RESOLUTION_MS = 10;
/** A transfer that moves no byte for this long is reported as stalled. */
const STALL_MS = 5_000;

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50_ms: round(percentile(sorted, 50), 1),
    p95_ms: round(percentile(sorted, 95), 1),
    p99_ms: round(percentile(sorted, 99), 1),
    max_ms: round(sorted.at(-1) ?? Number.NaN, 1),
  };
};
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

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
// 1. Throughput: the same bytes from/to a TCP server on the device, raw or through the tunnel.
// ---------------------------------------------------------------------------------------------
const throughput = async () => {
  const sim = new SimDevice(0, 7777);
  const pending = await addPendingDevice(db, companyId, sim);
  const device = spawnChild('tunnel-device.ts', {
    mqttUrl: server.mqttUrl,
    identity: sim.identity(),
    claim: pending.claim,
    bytes: BYTES,
  });
  cleanups.push(() => device.stop());
  const { deviceId, source, sink } = await device.next<{
    deviceId: number;
    source: number;
    sink: number;
  }>((line) => 'deviceId' in line, 30_000, 'the device online');
  await waitOnline([deviceId], 10_000);

  const raw = (port: number) => () =>
    new Promise<Duplex>((resolve, reject) => {
      const socket: Socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
      socket.once('error', reject);
    });
  const tunnel = (port: number) => () => hub.openStream(deviceId, { host: '127.0.0.1', port });

  const chunk = Buffer.alloc(64 * 1024, 0xa5);
  /**
   * One transfer: MB/s and the CPU seconds each process spent on it, or, when the bytes stop
   * coming for STALL_MS, what the receiving stream's flow control looked like then.
   */
  const transfer = async (direction: 'download' | 'upload', open: () => Promise<Duplex>) => {
    const serverCpu = process.cpuUsage();
    const deviceCpu = cpuSecondsOf(device.pid);
    const started = performance.now();
    const stream = await open();
    let received = 0;
    let answer = '';
    let closedEarly = false;
    const stop = new AbortController();
    const ended = new Promise<void>((resolve, reject) => {
      stream.on('data', (data: Buffer) => {
        received += data.length;
        if (direction === 'upload') answer += data.toString();
      });
      stream.once('end', resolve);
      stream.once('error', reject);
      // A stream the other end reset ends with 'close' alone: the bytes stop short.
      stream.once('close', () => {
        if (stream.readableEnded) return;
        closedEarly = true;
        resolve();
      });
    });
    const sent = (async () => {
      if (direction === 'download') return;
      for (let left = BYTES; left > 0; left -= chunk.length) {
        if (!stream.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) {
          await once(stream, 'drain', { signal: stop.signal });
        }
      }
      stream.end();
    })();
    let timer: NodeJS.Timeout | undefined;
    const stalled = new Promise<Record<string, unknown>>((resolve) => {
      let last = -1;
      const check = () => {
        const progress = received + stream.writableLength + (stream.writableFinished ? 1 : 0);
        if (progress === last) {
          const state = stream as unknown as Record<string, unknown> & {
            _readableState: { reading: boolean; flowing: boolean | null; length: number };
          };
          return resolve({
            direction,
            closed_before_end: closedEarly,
            received,
            written: BYTES - (direction === 'upload' ? stream.writableLength : 0),
            stream_received: state.received,
            granted: state.granted,
            credit: state.credit,
            waiting_for_credit: Boolean(state.waiting),
            readable_length: state._readableState.length,
            reading: state._readableState.reading,
            flowing: state._readableState.flowing,
          });
        }
        last = progress;
        timer = setTimeout(check, STALL_MS);
      };
      timer = setTimeout(check, STALL_MS);
    });
    const outcome = await Promise.race([
      Promise.all([ended, sent]).then(() => null),
      stalled,
    ]).finally(() => clearTimeout(timer));
    const seconds = (performance.now() - started) / 1000;
    stop.abort();
    stream.destroy();
    if (outcome) return { stalled: outcome };
    const moved = direction === 'download' ? received : Number(answer.split(' ')[1]);
    if (moved !== BYTES && !closedEarly) {
      throw new Error(`${direction}: ${moved} bytes of ${BYTES}`);
    }
    const used = process.cpuUsage(serverCpu);
    return {
      mb_s: moved / MB / seconds,
      /** Bytes that never arrived: the stream was reset before its end. */
      missing: BYTES - moved,
      seconds,
      server_cpu_s: (used.user + used.system) / 1e6,
      device_cpu_s: cpuSecondsOf(device.pid) - deviceCpu,
    };
  };

  const variants = [
    { name: 'download raw', direction: 'download', open: raw(source), zeroMask: false },
    { name: 'download tunnel', direction: 'download', open: tunnel(source), zeroMask: false },
    {
      name: 'download tunnel, zero mask',
      direction: 'download',
      open: tunnel(source),
      zeroMask: true,
    },
    { name: 'upload raw', direction: 'upload', open: raw(sink), zeroMask: false },
    { name: 'upload tunnel', direction: 'upload', open: tunnel(sink), zeroMask: false },
  ] as const;
  type Measured = Exclude<Awaited<ReturnType<typeof transfer>>, { stalled: unknown }>;
  const runs = new Map<string, Measured[]>();
  const stalls: Record<string, unknown>[] = [];
  const measure = async (name: string, direction: 'download' | 'upload', zeroMask: boolean) => {
    device.send(`zero-mask ${zeroMask ? 'on' : 'off'}`);
    await sleep(200);
    const variant = variants.find((v) => v.name === name);
    const result = await transfer(direction, variant?.open ?? tunnel(source));
    if ('stalled' in result) {
      console.log(`  ${name}: STALLED ${JSON.stringify(result.stalled)}`);
      stalls.push({ variant: name, ...result.stalled });
      return;
    }
    const cut = result.missing > 0 ? `, reset ${result.missing} bytes before the end` : '';
    console.log(`  ${name}: ${round(result.mb_s, 1)} MB/s${cut}`);
    runs.set(name, [...(runs.get(name) ?? []), result]);
  };
  // One unmeasured transfer first: the tunnel is dialled and the code warmed up.
  await measure('warm-up', 'download', false);
  runs.delete('warm-up');
  for (let pass = 0; pass < REPEATS; pass += 1) {
    for (const variant of variants)
      await measure(variant.name, variant.direction, variant.zeroMask);
  }
  device.send('zero-mask off');
  device.send('stats');
  const { zeroMasked } = await device.next<{ zeroMasked: number }>(
    (line) => 'zeroMasked' in line,
    5000,
    'the device stats',
  );
  if (zeroMasked === 0) problems.push('the zero-mask variant never applied (ws not patched)');
  if (stalls.length > 0) problems.push(`${stalls.length} tunnel transfers stalled`);
  const cut = [...runs.values()].flat().filter((r) => r.missing > 0).length;
  if (cut > 0) problems.push(`${cut} tunnel transfers were reset before their last bytes`);

  const figures = variants.map((variant) => {
    const results = runs.get(variant.name) ?? [];
    return {
      name: variant.name,
      mb_s: round(median(results.map((r) => r.mb_s)), 1),
      runs_mb_s: results.map((r) => round(r.mb_s, 1)),
      stalled: stalls.filter((s) => s.variant === variant.name).length,
      cut_short: results.filter((r) => r.missing > 0).map((r) => r.missing),
      server_cpu_s: round(median(results.map((r) => r.server_cpu_s)), 2),
      device_cpu_s: round(median(results.map((r) => r.device_cpu_s)), 2),
      seconds: round(median(results.map((r) => r.seconds)), 2),
    };
  });
  const rate = (name: string) => figures.find((f) => f.name === name)?.mb_s ?? Number.NaN;
  const ratios = {
    download: round(rate('download tunnel') / rate('download raw'), 3),
    download_zero_mask: round(rate('download tunnel, zero mask') / rate('download raw'), 3),
    upload: round(rate('upload tunnel') / rate('upload raw'), 3),
  };
  await device.stop();
  return {
    bytes: BYTES,
    repeats: REPEATS,
    zero_masked_frames: zeroMasked,
    variants: figures,
    stalls,
    ratio_to_raw: ratios,
    target: {
      ratio: TARGETS.throughputRatio,
      met: ratios.download >= TARGETS.throughputRatio && ratios.upload >= TARGETS.throughputRatio,
    },
  };
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
    dial_20_parallel_first: summary(first.dialMs),
    dial_20_parallel_measured: summary(dialMs),
    method:
      'process.memoryUsage() of the server process (this one) after 4 forced full GCs 100 ms ' +
      'apart, with no tunnel open and then with the tunnels open and idle (a stream opened and ' +
      'closed on each, then 1 s idle; the same tunnels were opened and closed once before the ' +
      'baseline to warm the code up); the difference divided by the tunnels. The broker thread ' +
      'and PGlite live in the same process and are idle meanwhile.',
  };
};

// ---------------------------------------------------------------------------------------------
// 3. Terminals: TERMINALS SSH sessions, keystroke→echo while every one of them types.
// ---------------------------------------------------------------------------------------------
const terminals = async (ids: number[], fleetPid: number) => {
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
    typeForMs: TYPE_SECONDS * 1000,
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
  }>((line) => 'done' in line, TYPE_SECONDS * 1000 + 60_000, 'the typing');
  loop.disable();
  const used = process.cpuUsage(serverCpu);
  const seconds = done.typing_seconds;
  await load.stop();
  const latency = summary(done.latencies);
  if (done.failed > 0)
    problems.push(`${done.failed} terminals failed: ${done.failures.join('; ')}`);
  if (done.missing > 0) problems.push(`${done.missing} keystrokes never echoed`);
  if (done.closed_early > 0) problems.push(`${done.closed_early} terminals closed while typing`);
  return {
    sessions: ids.length,
    opened: done.opened,
    failed: done.failed,
    open_all_seconds: round(opened.open_seconds, 1),
    open_each_20_parallel: summary(done.open_ms),
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
    target: { p95_ms: TARGETS.keystrokeP95Ms, met: latency.p95_ms < TARGETS.keystrokeP95Ms },
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
    const first = summary(clicks.map((c) => c.firstByte));
    return {
      first_byte: first,
      login_page_loaded: summary(clicks.map((c) => c.loaded)),
      post_connect_webui: summary(clicks.map((c) => c.postMs)),
      launch: summary(clicks.map((c) => c.launchMs)),
      get_root_first_byte: summary(clicks.map((c) => c.pageFirstByteMs)),
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
  const relay = await throughput();
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
    const term = await terminals(terminalIds, fleet.pid);
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
