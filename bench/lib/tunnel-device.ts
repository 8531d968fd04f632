// One device for the tunnel throughput benchmark, in its own process like a real router:
// `tsx tunnel-device.ts '<{mqttUrl, identity, claim}>'`. It enrols over MQTT, then runs the
// agent's DeviceSession with the Linux agent's tunnel target (openTcpTarget, net.connect), and
// serves two TCP servers on 127.0.0.1 as the "device's own" services:
// - source: sends BYTES bytes to every connection, then ends it;
// - sink: reads until the peer ends, then answers `ok <bytes>` and ends.
// Prints one JSON line {deviceId, source, sink} once online. Lines on stdin: `zero-mask on|off`
// (masks the device → server WebSocket frames with an all-zero key, which ws then skips).
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { DeviceSession } from '../../apps/agent/src/device-session.ts';
import { enrol } from '../../apps/agent/src/enrol.ts';
import { openTcpTarget } from '../../apps/agent/src/linux/tunnel-target.ts';
import type { DeviceIdentity } from '../../apps/agent/src/types.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as {
  mqttUrl: string;
  identity: DeviceIdentity;
  claim: string;
  bytes: number;
};

// The agent's own copy of ws (dial-tunnel.ts imports it): its Sender frames every message.
type FrameFn = (data: unknown, frameOptions: Record<string | symbol, unknown>) => unknown;
const agentRequire = createRequire(
  new URL('../../apps/agent/src/tunnel/dial-tunnel.ts', import.meta.url),
);
const Sender = (agentRequire('ws') as { Sender: { frame: FrameFn } }).Sender;
const frame = Sender.frame.bind(Sender);
let zeroMask = false;
let zeroMasked = 0;
const zero = (mask: Buffer) => mask.fill(0);
Sender.frame = (data, frameOptions) => {
  if (!zeroMask || !frameOptions.mask) return frame(data, frameOptions);
  zeroMasked += 1;
  return frame(data, { ...frameOptions, generateMask: zero });
};

const chunk = Buffer.alloc(64 * 1024, 0x5a);
const source = createServer((socket) => {
  socket.on('error', () => socket.destroy());
  let left = options.bytes;
  const pump = () => {
    while (left > 0) {
      const size = Math.min(left, chunk.length);
      left -= size;
      if (!socket.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
        return void socket.once('drain', pump);
      }
    }
    socket.end();
  };
  pump();
});
const sink = createServer({ allowHalfOpen: true }, (socket) => {
  let received = 0;
  socket.on('error', () => socket.destroy());
  socket.on('data', (data: Buffer) => (received += data.length));
  socket.on('end', () => socket.end(`ok ${received}`));
});
const listen = (server: ReturnType<typeof createServer>) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
const [sourcePort, sinkPort] = [await listen(source), await listen(sink)];

const credential = await enrol({
  mqttUrl: options.mqttUrl,
  identity: options.identity,
  claim: options.claim,
});
const session = new DeviceSession({
  mqttUrl: options.mqttUrl,
  credential,
  agent: 'netfleet-bench/0.1.0',
  behaviour: {
    identity: () => options.identity,
    uptime: () => process.uptime(),
    read: () => null,
    execute: async () => ({ status: 'rejected', message: 'bench device' }),
    openStream: openTcpTarget(() => true),
  },
  onOnline: () =>
    process.stdout.write(
      `${JSON.stringify({ deviceId: credential.device_id, source: sourcePort, sink: sinkPort })}\n`,
    ),
  log: (message) => process.stderr.write(`${message}\n`),
});
session.start();

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void session.stop().then(() => {
    source.close();
    sink.close();
    process.exit(0);
  });
};
createInterface({ input: process.stdin })
  .on('line', (line) => {
    const [command, value] = line.trim().split(' ');
    if (command === 'zero-mask') zeroMask = value === 'on';
    if (command === 'stats') process.stdout.write(`${JSON.stringify({ zeroMasked })}\n`);
  })
  // The benchmark is gone (stdin closed): do not stay behind.
  .on('close', stop);
process.once('SIGTERM', stop);
