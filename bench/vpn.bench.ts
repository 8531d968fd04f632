// VPN hubs (issue 19): throughput from device A's LAN to device B's LAN through a hub run by
// netfleet's supervisor, against the same two namespaces routed through the hub namespace without
// the VPN; and the time from adding a device to a running hub to its first packet through it.
// Everything runs in network namespaces on this machine (root, /dev/net/tun, openvpn) with the
// helpers of the tunnel test tier. Writes bench/results/vpn.json.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHubSupervisor, type HubSpec } from '@netfleet/openvpn-hub';
import {
  clientCert,
  createHubKeys,
  hubSpec,
  subnet,
  testLog,
  writeProfile,
} from '../apps/server/test/vpn-netns/hub-fixture.ts';
import {
  type Background,
  createStar,
  ip,
  netnsUnavailable,
  run,
  ping,
  spawnIn,
} from '../apps/server/test/vpn-netns/netns.ts';
import { median, printTable, round, writeReport } from './lib/report.ts';
import { createTeardown } from './lib/teardown.ts';

const MIB = Number(process.env.BENCH_MIB ?? 256);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const HUB_ID = 1;
const LAN_A = '192.168.71.1';
const LAN_B = '192.168.72.1';
const FLOW = join(import.meta.dirname, 'lib', 'tcp-flow.ts');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const unavailable = await netnsUnavailable();
if (unavailable) {
  console.log(`vpn.bench.ts skipped: ${unavailable}`);
  process.exit(0);
}

const teardown = createTeardown();
const problems: string[] = [];
let exitCode = 0;

/** One transfer of MIB MiB from LAN A (in deva) to a sink on LAN B (in devb); MB/s. */
const transfer = async (deva: string, devb: string) => {
  const node = (ns: string, args: string[]) =>
    spawnIn(ns, process.execPath, ['--import', 'tsx', FLOW, ...args]);
  const sink = node(devb, ['sink', LAN_B, '5201']);
  await sink.waitFor(/listening/, 15_000);
  const bytes = MIB * 2 ** 20;
  const source = node(deva, ['source', LAN_B, '5201', String(bytes), LAN_A]);
  await sink.waitFor(/"seconds"/, 300_000);
  await source.exited;
  const result = JSON.parse(
    sink
      .output()
      .split('\n')
      .find((line) => line.startsWith('{')) ?? '{}',
  );
  if (result.bytes !== bytes) problems.push(`sink got ${result.bytes} of ${bytes} bytes`);
  return round(result.bytes / result.seconds / 1e6);
};

/** CPU seconds (user + system) a process has used so far. */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const runs = async (what: string, once: () => Promise<number>) => {
  const values: number[] = [];
  for (let i = 0; i < REPEATS; i += 1) {
    values.push(await once());
    console.log(`${what} ${i + 1}/${REPEATS}: ${values.at(-1)}`);
  }
  return { median: round(median(values)), runs: values };
};

try {
  const dir = mkdtempSync(join(tmpdir(), 'nf-vpn-bench-'));
  teardown.add(() => rmSync(dir, { recursive: true, force: true }));
  const star = await createStar(`nfb${process.pid % 1000}`, [
    { name: 'deva', lan: `${LAN_A}/24` },
    { name: 'devb', lan: `${LAN_B}/24` },
    { name: 'laptop' },
  ]);
  teardown.add(() => star.destroy());
  const [deva, devb, laptop] = ['deva', 'devb', 'laptop'].map(
    (name) => star.spokes[name]?.ns ?? '',
  );
  if (!deva || !devb || !laptop) throw new Error('namespaces missing');

  // 1. Without the VPN: the LANs routed through the hub namespace over the veth links.
  const plain = [
    [deva, '192.168.72.0/24', '172.30.1.1'],
    [devb, '192.168.71.0/24', '172.30.2.1'],
    [star.hub, '192.168.71.0/24', '172.30.1.2'],
    [star.hub, '192.168.72.0/24', '172.30.2.2'],
  ] as const;
  for (const [ns, lan, via] of plain) await ip('-n', ns, 'route', 'add', lan, 'via', via);
  if (!(await ping(deva, LAN_B, { from: LAN_A }))) throw new Error('no plain path from A to B');
  console.log(`throughput: ${MIB} MiB LAN A → LAN B, ${REPEATS} rounds`);
  const direct = await runs('direct MB/s', () => transfer(deva, devb));
  for (const [ns, lan, via] of plain) await ip('-n', ns, 'route', 'del', lan, 'via', via);

  // 2. Through the hub: netfleet's supervisor runs it in the hub namespace, the devices run
  // stock OpenVPN with netfleet's profiles.
  const runtime = createHubSupervisor({
    dataDir: join(dir, 'data'),
    netns: star.hub,
    log: testLog,
  });
  teardown.add(() => runtime.close());
  const availability = await runtime.availability();
  if (!availability.available) throw new Error(`${availability.reason} ${availability.fix}`);
  const keys = await createHubKeys(HUB_ID);
  const spec: HubSpec = await hubSpec(keys, {
    id: HUB_ID,
    port: 1194,
    subnet: subnet('10.99.0.0/24'),
    clients: [
      { commonName: 'deva', ip: null, lans: [subnet('192.168.71.0/24')], enabled: true },
      { commonName: 'devb', ip: null, lans: [subnet('192.168.72.0/24')], enabled: true },
    ],
    pushRoutes: [subnet('192.168.71.0/24'), subnet('192.168.72.0/24')],
  });
  const status = await runtime.apply(spec);
  if (status.state !== 'running') throw new Error(`hub ${status.state}: ${status.error}`);
  const clients: Background[] = [];
  teardown.add(() => Promise.all(clients.map((client) => client.stop())));
  for (const [name, ns] of [
    ['deva', deva],
    ['devb', devb],
  ] as const) {
    const profile = await writeProfile(join(dir, 'profiles'), keys, spec, name, star.hubAddress);
    clients.push(spawnIn(ns, 'openvpn', ['--config', profile]));
  }
  await Promise.all(clients.map((c) => c.waitFor(/Initialization Sequence Completed/, 30_000)));
  if (!(await ping(deva, LAN_B, { from: LAN_A }))) throw new Error('no tunnel path from A to B');
  // Each OpenVPN process's CPU time over the tunnel transfers: a figure other load on the
  // machine moves less than MB/s.
  const hubPids = (await run(null, 'ip', ['netns', 'pids', star.hub])).stdout.split(/\s+/);
  const openvpn = {
    hub: Number(hubPids.find(Boolean)),
    deva: clients[0]?.process.pid ?? 0,
    devb: clients[1]?.process.pid ?? 0,
  };
  const cpuBefore = Object.fromEntries(
    Object.entries(openvpn).map(([k, pid]) => [k, cpuSeconds(pid)]),
  );
  const tunnel = await runs('tunnel MB/s', () => transfer(deva, devb));
  const megabytes = (REPEATS * MIB * 2 ** 20) / 1e6;
  const cpuPerGb = Object.fromEntries(
    Object.entries(openvpn).map(([k, pid]) => [
      k,
      round(((cpuSeconds(pid) - (cpuBefore[k] ?? 0)) / megabytes) * 1000, 2),
    ]),
  );

  // 3. Adding a device to the running hub: its certificate, apply (no restart), its OpenVPN
  // started, until its first ping to device A's LAN through the hub is answered.
  const adds: Record<string, number>[] = [];
  for (let attempt = 1; attempt <= REPEATS; attempt += 1) {
    const commonName = `new-device-${attempt}`;
    const started = performance.now();
    await clientCert(keys, commonName);
    const issued = performance.now();
    const withDevice = {
      ...spec,
      clients: [...spec.clients, { commonName, ip: null, lans: [], enabled: true }],
    };
    const applied = await runtime.apply(withDevice);
    const appliedAt = performance.now();
    if (applied.startedAt?.getTime() !== status.startedAt?.getTime()) {
      problems.push('adding a device restarted the hub');
    }
    const profile = await writeProfile(
      join(dir, 'profiles'),
      keys,
      withDevice,
      commonName,
      star.hubAddress,
    );
    const client = spawnIn(laptop, 'openvpn', ['--config', profile]);
    clients.push(client);
    let upAt = 0;
    void client
      .waitFor(/Initialization Sequence Completed/, 30_000)
      .then(() => (upAt = performance.now()));
    while (!(await ping(laptop, LAN_A, { count: 1, waitSeconds: 1 }))) {
      if (performance.now() - started > 30_000) throw new Error(`${commonName} never got through`);
      await sleep(10);
    }
    const answered = performance.now();
    adds.push({
      issue_ms: round(issued - started),
      apply_ms: round(appliedAt - issued),
      tunnel_up_ms: round((upAt || answered) - started),
      first_ping_answered_ms: round(answered - started),
    });
    console.log(`add device ${attempt}/${REPEATS}:`, adds.at(-1));
    await client.stop();
    await runtime.apply(spec);
  }
  const addMedian = Object.fromEntries(
    Object.keys(adds[0] ?? {}).map((key) => [key, round(median(adds.map((a) => a[key] ?? 0)))]),
  );

  const results = {
    openvpn: availability.version,
    mib_per_transfer: MIB,
    throughput_mb_s: {
      direct,
      tunnel,
      tunnel_over_direct: round(tunnel.median / direct.median, 3),
    },
    openvpn_cpu_seconds_per_gb: cpuPerGb,
    add_device: { median: addMedian, runs: adds },
    method:
      'MB/s = 10^6 bytes/s at the sink, first byte to last, one TCP connection (Node, 64 KiB ' +
      'writes) from 192.168.71.1 in deva to 192.168.72.1 in devb. direct: routed through the ' +
      'hub namespace over the veth links. tunnel: deva → hub → devb through OpenVPN (UDP, ' +
      'AES-256-GCM, no DCO in this kernel), the hub forwarding in its kernel. add_device: from ' +
      'issuing the certificate to the first answered ping from the new client to LAN A.',
  };
  const report = writeReport('vpn', results, { problems });
  printTable([
    ['figure', 'median', 'runs'],
    ['LAN A → LAN B direct, MB/s', String(direct.median), direct.runs.join(' / ')],
    ['LAN A → LAN B through the hub, MB/s', String(tunnel.median), tunnel.runs.join(' / ')],
    ['tunnel ÷ direct', String(results.throughput_mb_s.tunnel_over_direct), ''],
    ...Object.entries(cpuPerGb).map(([k, v]) => [`openvpn CPU s per GB, ${k}`, String(v), '']),
    ...Object.entries(addMedian).map(([key, value]) => [
      `add device: ${key}`,
      String(value),
      adds.map((a) => a[key]).join(' / '),
    ]),
  ]);
  console.log(`date ${report.date}`);
  for (const problem of problems) console.error(`problem: ${problem}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await teardown.run();
}
process.exitCode = exitCode;
