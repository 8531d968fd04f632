import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from '../../../agent/src/sim/fleet';
import { FleetState } from '../../../agent/src/sim/fleet-state';
import { SimDevice } from '../../../agent/src/sim/sim-device';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '@test/app';
import { buildDeviceTestApp, type DeviceTestApp } from '@test/devices';
import { confirmPassword, loginAs } from '@test/session';
// Generated from docs/rms/rms-openapi-v3.yaml by `npm run rms:client` (typecheck runs it first).
import type { paths } from './generated/rms-api';

/** The status API is not in RMS's definition: an integration reads it with plain fetch. */
interface ChannelUpdate {
  status: string;
  value?: string;
}

const SEED = 4711;

/**
 * An RMS integration nobody on the team wrote: a client generated from RMS's own definition,
 * driving netfleet over HTTP with a personal access token, changing nothing but the base URL.
 */
describe('a client generated from the RMS API v3 definition', () => {
  let t: DeviceTestApp;
  let baseUrl: string;
  let token: string;
  let fleet: Fleet | null = null;
  const stateDir = mkdtempSync(join(tmpdir(), 'nf-rms-client-'));

  beforeAll(async () => {
    t = await buildDeviceTestApp();
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const session = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await confirmPassword(t.app, session, ADMIN_PASSWORD);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user/tokens',
      headers: session.headers,
      payload: {
        name: 'rms integration',
        scopes: [
          'devices:read',
          'devices:write',
          'companies:read',
          'companies:write',
          'tags:read',
          'tags:write',
        ],
      },
    });
    token = created.json<{ data: { token: string } }>().data.token;
  });

  afterAll(async () => {
    await fleet?.stop();
    await t.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('reads the user, builds a company with tagged devices, reboots two and removes it all', async () => {
    const rms = createClient<paths>({
      baseUrl: `${baseUrl}/api`,
      headers: { Authorization: `Bearer ${token}` },
    });
    const follow = async (channel: string, keys: number[]) => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const res = await fetch(`${baseUrl}/api/status/channel/${channel}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        const body = (await res.json()) as { data?: Record<string, ChannelUpdate[]> };
        const last = keys.map((key) => body.data?.[String(key)]?.at(-1)?.status);
        if (last.every((s) => s === 'completed' || s === 'error')) return last;
        if (Date.now() > deadline) throw new Error(`channel ${channel} stuck at ${last.join(',')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    // 1. Who am I: RMS answers the user's fields at the top level.
    const me = await rms.GET('/user');
    expect(me.response.status).toBe(200);
    const parentId = me.data?.company?.id;
    expect(parentId).toBeTypeOf('number');

    // 2. A company under my own (RMS answers no id: find it by name), then rename it.
    const name = `Integration ${Date.now()}`;
    const made = await rms.POST('/companies', { body: { name, parent_id: parentId as number } });
    expect(made.response.status).toBe(201);
    const found = await rms.GET('/companies', { params: { query: { q: name } } });
    const companyId = found.data?.data?.find((c) => c.name === name)?.id as number;
    expect(companyId).toBeTypeOf('number');
    const renamed = await rms.PUT('/companies/{id}', {
      params: { path: { id: companyId } },
      body: { name: `${name} renamed`, email: 'ops@integration.test' },
    });
    expect(renamed.response.status).toBe(200);

    // 3. A tag of the new company.
    const tagged = await rms.POST('/tags', {
      body: {
        name: 'integration',
        company_id: companyId,
        description: 'added by the integration',
        color: '#4287f5',
      },
    });
    expect(tagged.response.status).toBe(201);

    // 4. Three devices (the simulator plays them), added with RMS's body.
    const sims = [0, 1, 2].map((i) => new SimDevice(i, SEED));
    const added = await rms.POST('/devices', {
      body: {
        data: sims.map((sim) => ({
          company_id: companyId,
          device_series: 'rut' as const,
          serial: sim.serial,
          mac: sim.mac as string,
          // RMS's definition requires both; a RUT has no IMEI, and netfleet's claim secret stands
          // in for the device password RMS checks.
          imei: '',
          password_confirmation: 'device-admin-password',
          name: `sim ${sim.serial}`,
        })),
      },
    });
    expect(added.response.status, JSON.stringify(added.data ?? added.error)).toBe(201);
    // netfleet's addition: the one-time claim secret each device enrols with.
    const rows = (
      added.data as unknown as { data: { id: number; serial: string; claim_secret: string }[] }
    ).data;
    expect(rows).toHaveLength(3);
    const statePath = join(stateDir, 'fleet.json');
    const state = await FleetState.load(statePath);
    for (const row of rows) state.set(row.serial, { claim: row.claim_secret });
    await state.flush();
    fleet = await startFleet({
      devices: 2,
      seed: SEED,
      mqttUrl: t.mqttUrl,
      statePath,
      rebootMs: 200,
    });
    await fleet.ramped;

    // 5. Filter by RMS status strings: two devices report, one was never activated.
    const listed = async (status: 'online' | 'offline' | 'not_activated') =>
      (
        await rms.GET('/devices', { params: { query: { company_id: companyId, status } } })
      ).data?.data?.map((d) => d.serial);
    await expect.poll(() => listed('online'), { timeout: 10_000 }).toHaveLength(2);
    expect(await listed('not_activated')).toEqual([sims[2]?.serial]);

    // 6. Reboot the two online devices and follow the status channel to completion.
    const online = rows.filter((row) => row.serial !== sims[2]?.serial).map((row) => row.id);
    const reboot = await rms.POST('/devices/actions', {
      body: { action: 'reboot', device_id: online },
    });
    expect(reboot.response.status).toBe(200);
    const channel = reboot.data?.meta?.channel as string;
    expect(await follow(channel, online)).toEqual(['completed', 'completed']);

    // 7. Remove the devices and the company.
    const removed = await rms.DELETE('/devices', {
      body: { device_id: rows.map((row) => row.id) },
    });
    expect(removed.response.status).toBe(200);
    const deleted = await rms.DELETE('/companies/{id}', { params: { path: { id: companyId } } });
    expect(deleted.response.status).toBe(200);
    const gone = deleted.data?.meta?.channel;
    if (gone) expect(await follow(gone, [companyId])).toEqual(['completed']);
    const after = await rms.GET('/companies/{id}', { params: { path: { id: companyId } } });
    expect(after.response.status).toBe(404);
  });
});
