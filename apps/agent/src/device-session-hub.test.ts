import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ackMessageSchema,
  helloSchema,
  hubStateMessageSchema,
  topics,
  type HubZoneSpec,
} from '@netfleet/contracts';
import { DeviceSession } from './device-session.ts';
import { HUB_MESSAGES } from './hub-jobs.ts';
import { createHubMode, type HubCommandType, type HubMode } from './linux/hub-mode.ts';
import { FakeHubRuntime } from './testing/fake-hub-runtime.ts';
import { TestBroker, waitFor } from './testing/test-broker.ts';

// `netfleet-agent --hub` over MQTT: the hello says what the machine can do, the server's apply
// arrives as a command, and the hub's state goes out on nf/d/<id>/hub.

const SPEC: HubZoneSpec = {
  id: 3,
  name: 'hub 3',
  type: 'tun',
  protocol: 'udp',
  port: 1194,
  subnet: { network: '10.8.3.0', netmask: '255.255.255.0' },
  ca: { cert: 'CA CERT' },
  server: { cert: 'SERVER CERT', key: 'SERVER KEY' },
  crl: 'CRL',
  tlsCryptKey: 'TLS CRYPT',
  clients: [],
  pushRoutes: [],
  dhcpOptions: [],
};

let broker: TestBroker;
let specServer: Server;
let dataDir: string;
let hub: HubMode | null;
let session: DeviceSession | null;

beforeEach(async () => {
  broker = await TestBroker.start();
  specServer = createServer((_request, response) => response.end(JSON.stringify(SPEC)));
  await new Promise<void>((resolve) => specServer.listen(0, '127.0.0.1', resolve));
  dataDir = mkdtempSync(join(tmpdir(), 'nf-agent-hub-session-'));
  session = null;
  hub = null;
});
afterEach(async () => {
  await session?.stop();
  await hub?.close();
  await broker.close();
  await new Promise((resolve) => specServer.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a device session in hub mode', () => {
  it('announces the hub host, runs an applied hub and reports it on the hub topic', async () => {
    const credential = broker.addDevice();
    const id = credential.device_id;
    const mode = createHubMode({
      runtime: new FakeHubRuntime(dataDir),
      dataDir,
      publish: (message) => session?.publishHubState(message),
      log: () => undefined,
    });
    hub = mode;
    await mode.probe();
    session = new DeviceSession({
      mqttUrl: broker.url,
      credential,
      agent: 'test/1',
      keepalive: 0,
      behaviour: {
        identity: () => ({ serial: 'HUB000001', model: 'LINUX', firmware: 'Linux 6.1' }),
        uptime: () => 100,
        read: () => null,
        hubHost: () => mode.host(),
        execute: (command) => mode.execute(command.type as HubCommandType, command),
      },
    });
    session.start();
    await waitFor(() => broker.on(topics.hello(id)).length > 0);
    expect(helloSchema.parse(broker.on(topics.hello(id))[0]).hub).toEqual({
      available: true,
      version: '2.6.12',
    });

    const port = (specServer.address() as AddressInfo).port;
    await broker.publish(topics.command(id), {
      id: 71,
      type: 'vpn_hub_apply',
      args: { hub_id: 3, spec_url: `http://127.0.0.1:${port}/hubs/3/spec?sig=x` },
      expires_at: Date.now() + 60_000,
    });
    const final = () =>
      broker
        .on(topics.ack(id))
        .map((a) => ackMessageSchema.parse(a))
        .find((a) => a.id === 71 && a.status !== 'received');
    await waitFor(final);
    expect(final()).toEqual({ id: 71, status: 'completed', message: HUB_MESSAGES.running(3) });
    await waitFor(() => broker.on(topics.hub(id)).length > 0);
    expect(hubStateMessageSchema.parse(broker.on(topics.hub(id)).at(-1))).toMatchObject({
      hub_id: 3,
      state: 'running',
      sessions: [],
    });
  });
});
