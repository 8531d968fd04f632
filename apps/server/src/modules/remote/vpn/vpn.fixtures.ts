import { type StatusChannelData, vpnJoinArgsSchema } from '@netfleet/contracts';
import { expect } from 'vitest';
import type {
  HubEvent,
  HubHostAvailability,
  HubRuntime,
  HubSession,
  HubSpec,
  HubStatus,
} from '@netfleet/openvpn-hub';
import { buildTestApp } from '@test/app';
import { createFakeGateway, insertDevice } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A HubRuntime that runs nothing: it records what the module asks (specs applied, hubs stopped
 * or removed, clients disconnected) and lets the test play the management interface's events.
 */
export const createRecordingRuntime = () => {
  const applied: HubSpec[] = [];
  const stopped: number[] = [];
  const removed: number[] = [];
  const disconnected: { hubId: number; commonName: string }[] = [];
  const states = new Map<number, HubStatus>();
  const sessions = new Map<number, HubSession[]>();
  const listeners = new Set<(event: HubEvent) => void>();
  let availability: HubHostAvailability = { available: true, version: 'OpenVPN 2.6 (test)' };
  const stoppedStatus: HubStatus = { state: 'stopped', error: null, startedAt: null };

  const runtime: HubRuntime = {
    availability: async () => availability,
    apply: async (spec) => {
      applied.push(spec);
      const status: HubStatus = { state: 'running', error: null, startedAt: new Date() };
      states.set(spec.id, status);
      return status;
    },
    stop: async (hubId) => {
      stopped.push(hubId);
      states.set(hubId, stoppedStatus);
    },
    remove: async (hubId) => {
      removed.push(hubId);
      states.delete(hubId);
    },
    status: (hubId) => states.get(hubId) ?? stoppedStatus,
    sessions: async (hubId) => sessions.get(hubId) ?? [],
    disconnect: async (hubId, commonName) => {
      disconnected.push({ hubId, commonName });
    },
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {},
  };

  return {
    runtime,
    applied,
    stopped,
    removed,
    disconnected,
    /** The last spec applied for the hub. */
    specOf: (hubId: number) => applied.filter((spec) => spec.id === hubId).at(-1),
    emit: (event: HubEvent) => listeners.forEach((listener) => listener(event)),
    setSessions: (hubId: number, list: HubSession[]) => sessions.set(hubId, list),
    setAvailability: (value: HubHostAvailability) => {
      availability = value;
    },
  };
};
export type RecordingRuntime = ReturnType<typeof createRecordingRuntime>;

/**
 * Two companies: A with a manager, a read-only viewer and devices of current and legacy firmware,
 * B with its own manager and device. The runtime records; the gateway keeps devices offline.
 */
export const buildVpnWorld = async (now?: () => Date) => {
  const recording = createRecordingRuntime();
  const gateway = createFakeGateway();
  const t = await buildTestApp(
    {},
    { deviceGateway: gateway, hubRuntime: () => recording.runtime, ...(now ? { now } : {}) },
  );
  const own = await createCompany(t.db, { name: 'Own company' });
  const other = await createCompany(t.db, { name: 'Other company' });
  const users = {
    manager: await createUser(t.db, 'end_user', { company: own }),
    viewer: await createUser(t.db, 'read_only', { company: own }),
    stranger: await createUser(t.db, 'end_user', { company: other }),
  };
  const entries = await Promise.all(
    Object.entries(users).map(async ([name, user]) => [name, await loginAs(t.app, user)] as const),
  );
  const sessions = Object.fromEntries(entries) as Record<keyof typeof users, TestSession>;
  const devices = {
    router: await insertDevice(t.db, own, { name: 'Office router' }),
    second: await insertDevice(t.db, own, {
      name: 'Depot router',
      model: 'RUTX11',
      firmware: 'RUTX_R_00.07.08',
    }),
    legacy: await insertDevice(t.db, own, { name: 'Old router', firmware: 'RUT9_R_00.06.10.2' }),
    foreign: await insertDevice(t.db, other, { name: 'Other router' }),
  };

  const call = (as: TestSession, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: as.headers, ...(payload ? { payload } : {}) });

  /** POSTs a hub as the manager; its id. */
  const createHub = async (body: Record<string, unknown> = {}) => {
    const response = await call(sessions.manager, 'POST', '/api/vpn/hubs', {
      name: `Hub ${Math.random().toString(36).slice(2, 8)}`,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { id: number } }>().data.id;
  };

  const readChannel = async (as: TestSession, channel: string) => {
    const response = await call(as, 'GET', `/api/status/channel/${encodeURIComponent(channel)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: StatusChannelData }>().data;
  };

  /**
   * The `vpn_join` a device receives when it next connects (its profile is made then): plays its
   * hello and parses the newest join sent to it; the device is offline again afterwards.
   */
  const receivedJoin = async (device: { id: number; serial: string }) => {
    const before = gateway.commands.length;
    gateway.online.add(device.id);
    await gateway.ready([
      {
        deviceId: device.id,
        hello: { v: 1, model: 'RUT955', firmware: 'x', agent: 'test', serial: device.serial },
      },
    ]);
    gateway.online.delete(device.id);
    const joins = gateway.commands
      .slice(before)
      .filter((sent) => sent.deviceId === device.id && sent.command.type === 'vpn_join');
    const last = joins.at(-1);
    return last ? vpnJoinArgsSchema.parse(last.command.args) : null;
  };

  return {
    t,
    recording,
    gateway,
    own,
    other,
    users,
    sessions,
    devices,
    call,
    createHub,
    readChannel,
    receivedJoin,
  };
};
export type VpnWorld = Awaited<ReturnType<typeof buildVpnWorld>>;

/** The first error of an error envelope. */
export const firstError = (body: string) =>
  (JSON.parse(body) as { errors: { code: string; message: string; source: string | null }[] })
    .errors[0];
