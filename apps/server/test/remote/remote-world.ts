import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFleet, type Fleet } from '../../../agent/src/sim/fleet';
import { FleetState } from '../../../agent/src/sim/fleet-state';
import { SimDevice } from '../../../agent/src/sim/sim-device';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import type { SimServicesOptions } from '../../../agent/src/sim/services/sim-services';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '@test/app';
import { buildDeviceTestApp, createPendingDevice, type DeviceTestApp } from '@test/devices';
import { rootCompany } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

/** A port nothing listens on now (the OS picks it). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export interface RemoteWorld {
  t: DeviceTestApp;
  /** http://127.0.0.1:<port>: the console, listening for real (devices dial its tunnels). */
  base: string;
  port: number;
  admin: TestSession;
  /** The simulated devices' ids, enrolled over MQTT and online. */
  deviceIds: number[];
  fleet: Fleet;
  /** POST with the admin's session unless other headers are given. */
  post(url: string, payload: object, headers?: Record<string, string>): Promise<InjectResponse>;
  /** Opens a web UI or CLI session on the first device (201), as the admin. */
  connect(kind: 'webui' | 'cli', body?: object): Promise<{ id: number; url: string }>;
  close(): Promise<void>;
}

/**
 * A listening console with an embedded broker and simulated devices that enrolled over MQTT:
 * remote access needs all of it, since devices dial their tunnels to the HTTP port.
 */
export const buildRemoteWorld = async (
  options: { devices?: number; seed?: number; services?: SimServicesOptions } = {},
): Promise<RemoteWorld> => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await buildDeviceTestApp({
    config: { publicUrl: base, tunnelUrl: `ws://127.0.0.1:${port}` },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const admin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const root = await rootCompany(t.db);
  const seed = options.seed ?? 4242;
  const count = options.devices ?? 1;
  const stateDir = mkdtempSync(join(tmpdir(), 'nf-remote-'));
  const statePath = join(stateDir, 'fleet.json');
  const state = await FleetState.load(statePath);
  const deviceIds: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const sim = new SimDevice(i, seed);
    const pending = await createPendingDevice(t.db, {
      companyId: root.id,
      serial: sim.serial,
      ...(sim.mac ? { mac: sim.mac } : {}),
    });
    deviceIds.push(pending.id);
    state.set(sim.serial, { claim: pending.claim });
  }
  await state.flush();
  const fleet = await startFleet({
    devices: count,
    seed,
    mqttUrl: t.mqttUrl,
    statePath,
    ...(options.services ? { services: options.services } : {}),
  });
  await fleet.ramped;
  const link = t.gateway.link;
  const deadline = Date.now() + 15_000;
  while (!deviceIds.every((id) => link.isOnline(id))) {
    if (Date.now() > deadline) throw new Error('the simulated devices never came online');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const post: RemoteWorld['post'] = (url, payload, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  return {
    t,
    base,
    port,
    admin,
    deviceIds,
    fleet,
    post,
    async connect(kind, body = {}) {
      const response = await post(`/api/devices/${deviceIds[0]}/connect/${kind}`, {
        duration: 600,
        ...body,
      });
      if (response.statusCode !== 201) {
        throw new Error(`connect/${kind} answered ${response.statusCode}: ${response.body}`);
      }
      return response.json<{ data: { id: number; url: string } }>().data;
    },
    async close() {
      await fleet.stop();
      await t.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
};
