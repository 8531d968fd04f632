// Part 1 of bench/remote-access.bench.ts: the same bytes from/to a TCP server on a device, raw
// (net.connect) or through the device's tunnel (hub.openStream), in both directions.
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { SimDevice } from '../../apps/agent/src/sim/sim-device.ts';
import { addPendingDevice, cpuSecondsOf, spawnChild, type RemoteServer } from './remote-server.ts';
import { percentile, round } from './report.ts';

const MB = 1e6;
/** A transfer that moves no byte for this long is reported as stalled. */
const STALL_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export interface ThroughputContext {
  server: RemoteServer;
  companyId: number;
  cleanups: (() => Promise<void>)[];
  problems: string[];
  waitOnline: (ids: number[], timeoutMs: number) => Promise<void>;
  mib: number;
  repeats: number;
  /** Tunnel ÷ raw wanted in both directions (recorded, not enforced). */
  targetRatio: number;
}

export const measureThroughput = async ({
  server,
  companyId,
  cleanups,
  problems,
  waitOnline,
  mib,
  repeats,
  targetRatio,
}: ThroughputContext) => {
  const BYTES = mib * 2 ** 20;
  const REPEATS = repeats;
  const { hub, db } = server;

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
      ratio: targetRatio,
      met: ratios.download >= targetRatio && ratios.upload >= targetRatio,
    },
  };
};
