import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@/app';
import { companies, vpnHubs, vpnHubUsers } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { createRecordingRuntime, type RecordingRuntime } from '@/modules/remote/vpn/vpn.fixtures';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { createFakeGateway } from '@test/fake-gateway';
import { loginAs, type TestSession } from '@test/session';

// Two instances on one database (PGlite shared in-process, or PostgreSQL): A runs the hubs
// (VPN_HUBS=true: here a recording runtime), B runs none. What is changed through B's API must
// reach A's runtime within A's poll of the hubs' config versions.
const RECONCILE_MS = 100;

let b: TestApp;
let a: App;
let recording: RecordingRuntime;
let company: CompanyRow;
/** A subsidiary deleted with its hubs. */
let doomed: CompanyRow;
let admin: TestSession;

const until = async <T>(read: () => T, done: (value: T) => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((wake) => setTimeout(wake, 25));
  }
};

/** A request to B, as the hub company's admin. */
const onB = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const response = await b.app.inject({
    method,
    url,
    headers: admin.headers,
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data?: { id: number } }>();
};

const createHub = async (name: string) => {
  const hub = (await onB('POST', '/api/vpn/hubs', { name })).data?.id ?? 0;
  await until(
    () => recording.specOf(hub),
    (spec) => spec !== undefined,
  );
  return hub;
};

beforeAll(async () => {
  b = await buildTestApp({}, { deviceGateway: createFakeGateway() });
  company = await createCompany(b.db, { name: 'Hub company' });
  doomed = await createCompany(b.db, { parent: company, name: 'Doomed company' });
  admin = await loginAs(b.app, await createUser(b.db, 'admin', { company }));
  recording = createRecordingRuntime();
  a = await buildApp({
    config: b.config,
    db: b.db,
    jwtSecret: b.jwtSecret,
    logger: false,
    deviceGateway: createFakeGateway(),
    hubRuntime: () => recording.runtime,
    vpnHubReconcileMs: RECONCILE_MS,
  });
  await a.ready();
});
afterAll(async () => {
  await a.close();
  await b.close();
});

describe('VPN hubs changed through an instance that does not run them', () => {
  it('starts a hub made elsewhere and follows its clients, revoking a connected one', async () => {
    const hub = await createHub('Made on B');
    const added = await onB('POST', '/api/vpn/hubs/users/custom', {
      vpn_hub_id: hub,
      username: 'carol',
    });
    const client = added.data?.id ?? 0;
    const carol = 'custom-carol';
    const spec = await until(
      () => recording.specOf(hub),
      (value) => value?.clients.some((c) => c.commonName === carol) ?? false,
    );
    expect(spec?.clients.map((c) => c.commonName)).toContain(carol);

    // Carol is connected to A's hub when B removes her: A's CRL names her, and her session ends.
    recording.setSessions(hub, [
      {
        commonName: carol,
        realAddress: '203.0.113.5:51234',
        virtualAddress: '10.8.0.6',
        bytesReceived: 0,
        bytesSent: 0,
        connectedSince: new Date(),
      },
    ]);
    await onB('DELETE', `/api/vpn/hubs/users/${client}`);
    const [row] = await b.db.select().from(vpnHubUsers).where(eq(vpnHubUsers.id, client));
    const disconnected = await until(
      () => recording.disconnected,
      (list) => list.some((d) => d.hubId === hub && d.commonName === carol),
    );
    expect(disconnected).toContainEqual({ hubId: hub, commonName: carol });
    const revoked = recording.specOf(hub);
    expect(revoked?.clients.map((c) => c.commonName)).not.toContain(carol);
    expect(row?.revokedAt).not.toBeNull();
    const [stored] = await b.db.select().from(vpnHubs).where(eq(vpnHubs.id, hub));
    expect(revoked?.crl).toBe(stored?.crl);
  });

  it('stops and starts a hub toggled elsewhere', async () => {
    const hub = await createHub('Toggled on B');
    await onB('PUT', `/api/vpn/hubs/${hub}/toggle`, { enabled: false });
    await until(
      () => recording.stopped,
      (list) => list.includes(hub),
    );
    expect(recording.stopped).toContain(hub);
    const specs = recording.applied.filter((spec) => spec.id === hub).length;
    await onB('PUT', `/api/vpn/hubs/${hub}/toggle`, { enabled: true });
    const applied = await until(
      () => recording.applied.filter((spec) => spec.id === hub).length,
      (count) => count > specs,
    );
    expect(applied).toBeGreaterThan(specs);
    expect(recording.runtime.status(hub).state).toBe('running');
  });

  it('removes a hub deleted elsewhere, and the hubs of a deleted company', async () => {
    const hub = await createHub('Deleted on B');
    await onB('DELETE', '/api/vpn/hubs', { id: [hub] });
    await until(
      () => recording.removed,
      (list) => list.includes(hub),
    );
    expect(recording.removed).toContain(hub);

    // A company deleted with its hubs: the cascade goes around the module, the poll does not.
    const response = await b.app.inject({
      method: 'POST',
      url: '/api/vpn/hubs',
      headers: admin.headers,
      payload: { name: 'Cascaded', company_id: doomed.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const cascaded = response.json<{ data: { id: number } }>().data.id;
    await until(
      () => recording.specOf(cascaded),
      (spec) => spec !== undefined,
    );
    await b.db.delete(companies).where(eq(companies.id, doomed.id));
    await until(
      () => recording.removed,
      (list) => list.includes(cascaded),
    );
    expect(recording.removed).toContain(cascaded);
  });
});
