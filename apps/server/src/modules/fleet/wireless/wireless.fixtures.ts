import type { TelemetryCategory } from '@netfleet/contracts';
import type { CompanyRow } from '@/db/types';
import { createGatewayRepository } from '@/modules/fleet/device-gateway/gateway.repository';
import {
  bufferedReading,
  createTelemetryBuffer,
} from '@/modules/fleet/device-gateway/telemetry-buffer';
import { storeTelemetry } from '@/modules/fleet/device-gateway/telemetry-store';
import { createUserWithPermissions } from '@/modules/organisation/roles/roles.fixtures';
import type { TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { insertDevice } from '@test/fake-gateway';
import { loginAs, type TestSession } from '@test/session';

// Test support of the Wi-Fi and hotspot tests: readings, requests and a fleet of three devices.

/** A Wi-Fi interface of a wireless reading; `counters` adds its rx_bytes and tx_bytes. */
export const wifi = (
  ssid: string,
  clients: number,
  band: '2.4GHz' | '5GHz' = '2.4GHz',
  counters?: { rx: number; tx: number },
) => ({
  ssid,
  band,
  channel: band === '5GHz' ? 36 : 6,
  clients,
  enabled: true,
  ...(counters ? { rx_bytes: counters.rx, tx_bytes: counters.tx } : {}),
});

export const hotspot = (index: number, ssid: string, usersActive: number) => ({
  index,
  ssid,
  users_active: usersActive,
  rx: 100 * usersActive,
  tx: 200 * usersActive,
});

/** Readings through the gateway's own buffer and flush, as MQTT messages would arrive. */
export const flushReadings = async (
  t: TestApp,
  readings: [number, TelemetryCategory, unknown][],
  receivedAt = new Date('2026-03-01T10:00:00Z'),
) => {
  const buffer = createTelemetryBuffer({ retentionDays: 30 });
  for (const [deviceId, category, data] of readings) {
    const message = Buffer.from(JSON.stringify({ ts: receivedAt.getTime(), data }));
    if (
      !buffer.add(deviceId, category, bufferedReading(category, message, undefined), receivedAt)
    ) {
      throw new Error(`invalid ${category} reading: ${JSON.stringify(data)}`);
    }
  }
  const { error } = await storeTelemetry(createGatewayRepository(t.db), buffer.drain());
  if (error !== undefined) throw error;
};

/** A GET as `session`: the status and the parsed body. */
export const getJson = async (t: TestApp, session: TestSession, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: session.headers });
  return { status: response.statusCode, body: JSON.parse(response.body) };
};

export interface WirelessFleet {
  treeA: CompanyRow;
  childA: CompanyRow;
  treeB: CompanyRow;
  /** Admin of tree A (and so of its child). */
  adminA: TestSession;
  /** End user of tree A: does not see the child company. */
  endUserA: TestSession;
  /** Sees tree A's devices but has no Wi-Fi or hotspot permission. */
  devicesOnly: TestSession;
  /** north (RUTX11) in tree A, east (RUT360) in its child, beta (RUTX11) in tree B. */
  ids: Record<'north' | 'east' | 'beta', number>;
}

/** Two company trees, their users and one device in each company; no readings yet. */
export const createWirelessFleet = async (t: TestApp): Promise<WirelessFleet> => {
  const treeA = await createCompany(t.db, { name: 'Alpha' });
  const childA = await createCompany(t.db, { parent: treeA, name: 'Alpha Child' });
  const treeB = await createCompany(t.db, { name: 'Beta' });
  return {
    treeA,
    childA,
    treeB,
    adminA: await loginAs(t.app, await createUser(t.db, 'admin', { company: treeA })),
    endUserA: await loginAs(t.app, await createUser(t.db, 'end_user', { company: treeA })),
    devicesOnly: await loginAs(
      t.app,
      await createUserWithPermissions(t.db, treeA, ['view_devices', 'access_child_companies']),
    ),
    ids: {
      north: (await insertDevice(t.db, treeA, { name: 'north', model: 'RUTX11' })).id,
      east: (await insertDevice(t.db, childA, { name: 'east', model: 'RUT360' })).id,
      beta: (await insertDevice(t.db, treeB, { name: 'beta', model: 'RUTX11' })).id,
    },
  };
};
