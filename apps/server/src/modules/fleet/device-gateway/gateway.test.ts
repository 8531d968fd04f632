import {
  CONNECTION_CODES,
  ENROL_REFUSED,
  ENROL_USERNAME,
  PROTOCOL_VERSION,
  topics,
} from '@netfleet/contracts';
import { and, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, deviceCredits, deviceDataUsage, deviceLogs, devices } from '@/db/schema';
import { deviceTelemetry } from '@/db/telemetry-table';
import {
  buildDeviceTestApp,
  connectDevice,
  createPendingDevice,
  credentialOf,
  type DeviceTestApp,
  enrol,
  waitFor,
} from '@test/devices';
import { createCompany } from '@test/factories';

let t: DeviceTestApp;
beforeAll(async () => {
  t = await buildDeviceTestApp();
});
afterAll(() => t.close());

const codesOf = async (deviceId: number) =>
  (
    await t.db
      .select({ code: deviceLogs.code })
      .from(deviceLogs)
      .where(eq(deviceLogs.deviceId, deviceId))
      .orderBy(deviceLogs.id)
  ).map((row) => row.code);

const dynamicReading = (ts: number, signal = -71) => ({
  ts,
  data: {
    uptime: 3600,
    temperature: 412,
    wan_state: 'mobile',
    wan_ip: '10.64.1.2',
    modems: [
      {
        modem: 1,
        sim: 1,
        signal,
        operator: 'Telia',
        network_state: 'registered',
        connection_type: 'LTE',
        rx: 1000,
        tx: 500,
      },
      {
        modem: 2,
        sim: 'esim',
        signal: -90,
        operator: 'Bite',
        network_state: 'roaming',
        connection_type: '5G-NSA',
        rx: 10,
        tx: 20,
      },
    ],
  },
});

describe('device gateway (embedded broker)', () => {
  it('enrols a device, takes it online and stores its telemetry and latest readings', async () => {
    const pending = await createPendingDevice(t.db);
    const credential = credentialOf(await enrol(t.mqttUrl, pending));
    expect(credential.deviceId).toBe(pending.id);

    const [enrolled] = await t.db.select().from(devices).where(eq(devices.id, pending.id));
    expect(enrolled).toMatchObject({ status: 0, model: 'RUT955' });
    expect(enrolled?.credentialHash).not.toBeNull();
    expect(enrolled?.capabilities?.has_gps).toBe(true);

    const device = await connectDevice(t.mqttUrl, credential);
    const config = new Promise<unknown>((resolve) =>
      device.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))),
    );
    await device.subscribeAsync(topics.config(pending.id), { qos: 1 });
    await device.publishAsync(
      topics.hello(pending.id),
      JSON.stringify({
        v: PROTOCOL_VERSION,
        model: 'RUT955',
        firmware: 'RUT9_R_00.07.07.1',
        agent: 'test',
        serial: pending.serial,
      }),
      { qos: 1 },
    );
    expect(await config).toMatchObject({ periods: { dynamic: 300, static: 1_296_000 } });

    const now = Date.now();
    await device.publishAsync(
      topics.telemetry(pending.id, 'dynamic'),
      JSON.stringify(dynamicReading(now)),
      { qos: 1 },
    );
    await device.publishAsync(
      topics.telemetry(pending.id, 'dynamic'),
      JSON.stringify(dynamicReading(now + 1, -65)),
      { qos: 1 },
    );
    await device.publishAsync(
      topics.telemetry(pending.id, 'gps'),
      JSON.stringify({ ts: now, data: { latitude: 54.69, longitude: 25.28 } }),
      { qos: 1 },
    );
    // Invalid readings are dropped, not stored.
    await device.publishAsync(
      topics.telemetry(pending.id, 'gps'),
      JSON.stringify({ ts: now, data: { latitude: 500, longitude: 25.28 } }),
      { qos: 1 },
    );
    expect(t.gateway.link.isOnline(pending.id)).toBe(true);
    await t.gateway.flush();

    const rows = await t.db
      .select()
      .from(deviceTelemetry)
      .where(eq(deviceTelemetry.deviceId, pending.id));
    expect(rows.map((row) => row.category).sort()).toEqual([0, 0, 3]);
    const [latest] = await t.db.select().from(devices).where(eq(devices.id, pending.id));
    expect(latest).toMatchObject({
      status: 1,
      firmware: 'RUT9_R_00.07.07.1',
      signal: -65,
      operator: 'Telia',
      signal2: -90,
      connectionType2: '5G-NSA',
      temperature: 412,
      wanIp: '10.64.1.2',
      latitude: 54.69,
      longitude: 25.28,
    });
    expect(latest?.lastConnectionAt).not.toBeNull();
    expect(Object.keys(latest?.info ?? {}).sort()).toEqual(['dynamic', 'gps']);
    // The claim secret is spent once the device connected with its credential.
    expect(latest?.claimSecretHash).toBeNull();
    expect(await enrol(t.mqttUrl, pending)).toEqual(ENROL_REFUSED);
    const usage = await t.db
      .select()
      .from(deviceDataUsage)
      .where(eq(deviceDataUsage.deviceId, pending.id))
      .orderBy(deviceDataUsage.modem);
    expect(usage.map(({ modem, sim, rx, tx }) => ({ modem, sim, rx, tx }))).toEqual([
      { modem: 1, sim: 1, rx: 2000, tx: 1000 },
      { modem: 2, sim: 3, rx: 20, tx: 40 },
    ]);
    expect(await codesOf(pending.id)).toEqual([
      CONNECTION_CODES.enrolled,
      CONNECTION_CODES.connected,
      CONNECTION_CODES.identityChanged,
    ]);

    // The last will takes it offline; coming back is a reconnection.
    device.stream.destroy();
    await waitFor(() => !t.gateway.link.isOnline(pending.id));
    await t.gateway.flush();
    const [offline] = await t.db.select().from(devices).where(eq(devices.id, pending.id));
    expect(offline?.status).toBe(0);
    const again = await connectDevice(t.mqttUrl, credential);
    await waitFor(() => t.gateway.link.isOnline(pending.id));
    await t.gateway.flush();
    expect((await codesOf(pending.id)).at(-1)).toBe(CONNECTION_CODES.reconnected);
    await again.endAsync();
  });

  it('tells listeners of each valid reading once, with its parsed data, and of status changes', async () => {
    const readings: { deviceId: number; category: string; data: unknown; at: Date }[] = [];
    const statuses: { deviceId: number; status: 0 | 1 }[] = [];
    t.gateway.addListener({
      reading: (deviceId, category, data, at) => readings.push({ deviceId, category, data, at }),
      liveness: (rows) =>
        statuses.push(...rows.map(({ deviceId, status }) => ({ deviceId, status }))),
    });
    const pending = await createPendingDevice(t.db);
    const device = await connectDevice(t.mqttUrl, credentialOf(await enrol(t.mqttUrl, pending)));
    const now = Date.now();
    const publish = (category: 'dynamic' | 'gps', body: unknown) =>
      device.publishAsync(topics.telemetry(pending.id, category), JSON.stringify(body), { qos: 1 });
    await publish('dynamic', dynamicReading(now - 1000, -118));
    await publish('gps', { ts: now, data: { latitude: 500, longitude: 25.28 } });
    await publish('gps', { ts: now, data: { latitude: 54.69, longitude: 25.28 } });
    await t.gateway.flush();
    const own = readings.filter((entry) => entry.deviceId === pending.id);
    expect(own.map((entry) => entry.category)).toEqual(['dynamic', 'gps']);
    expect(own[0]?.data).toMatchObject({ modems: [{ signal: -118 }, { signal: -90 }] });
    expect(own[0]?.at.getTime()).toBe(now - 1000);
    expect(statuses).toContainEqual({ deviceId: pending.id, status: 1 });
    device.stream.destroy();
    await waitFor(() => !t.gateway.link.isOnline(pending.id));
    await t.gateway.flush();
    expect(statuses.filter((entry) => entry.deviceId === pending.id).at(-1)?.status).toBe(0);
  });

  it('gives a device that asks again before it ever connected a new credential', async () => {
    const pending = await createPendingDevice(t.db);
    // The first answer never reached the device: it timed out and asks again.
    const lost = credentialOf(await enrol(t.mqttUrl, pending));
    const retried = credentialOf(await enrol(t.mqttUrl, pending));
    expect(retried.deviceId).toBe(pending.id);
    expect(retried.password).not.toBe(lost.password);
    await expect(connectDevice(t.mqttUrl, lost)).rejects.toThrow(/bad user ?name or password/i);
    // Another claim secret, or another MAC, still gets nothing.
    expect(await enrol(t.mqttUrl, { ...pending, claim: 'WRONGCLAIMSECRET' })).toEqual(
      ENROL_REFUSED,
    );
    const device = await connectDevice(t.mqttUrl, retried);
    await waitFor(() => t.gateway.link.isOnline(pending.id));
    await t.gateway.flush();
    expect(await enrol(t.mqttUrl, pending)).toEqual(ENROL_REFUSED);
    await device.endAsync();
  });

  it('refuses a second device with the same serial and another MAC, logging code 7', async () => {
    const first = await createPendingDevice(t.db);
    credentialOf(await enrol(t.mqttUrl, first));
    const other = await createPendingDevice(t.db, {
      companyId: (await createCompany(t.db)).id,
      serial: first.serial,
    });
    expect(await enrol(t.mqttUrl, other)).toEqual(ENROL_REFUSED);
    await t.gateway.flush();
    expect(await codesOf(first.id)).toContain(CONNECTION_CODES.duplicateSerial);
    const [still] = await t.db.select().from(devices).where(eq(devices.id, other.id));
    expect(still?.credentialHash).toBeNull();

    // A pending device enrolling with another MAC than it was added with: refused the same way.
    const pending = await createPendingDevice(t.db);
    expect(await enrol(t.mqttUrl, { ...pending, mac: '00:1E:42:00:00:01' })).toEqual(ENROL_REFUSED);
    await t.gateway.flush();
    expect(await codesOf(pending.id)).toEqual([CONNECTION_CODES.duplicateSerial]);
  });

  it('refuses a wrong credential and logs code 104; logs 14 when nothing is monitored', async () => {
    const pending = await createPendingDevice(t.db, { allMonitoringOff: true });
    const credential = credentialOf(await enrol(t.mqttUrl, pending));
    await expect(
      connectDevice(t.mqttUrl, { ...credential, password: 'not-the-credential' }),
    ).rejects.toThrow(/bad user ?name or password/i);
    const device = await connectDevice(t.mqttUrl, credential);
    await waitFor(() => t.gateway.link.isOnline(pending.id));
    await t.gateway.flush();
    const codes = await codesOf(pending.id);
    expect(codes).toContain(CONNECTION_CODES.badCredential);
    expect(codes).toContain(CONNECTION_CODES.monitoringDisabled);
    await device.endAsync();
  });

  it('logs 15 for a device of a paid company without an active credit, keeping it connected', async () => {
    const company = await createCompany(t.db);
    await t.db.update(companies).set({ paymentType: 'paid' }).where(eq(companies.id, company.id));
    const pending = await createPendingDevice(t.db, { companyId: company.id });
    const credential = credentialOf(await enrol(t.mqttUrl, pending));
    const first = await connectDevice(t.mqttUrl, credential);
    await waitFor(() => t.gateway.link.isOnline(pending.id));
    // Not refused, not muted: its readings are stored like any device's.
    await first.publishAsync(
      topics.telemetry(pending.id, 'gps'),
      JSON.stringify({ ts: Date.now(), data: { latitude: 54.69, longitude: 25.28 } }),
      { qos: 1 },
    );
    await t.gateway.flush();
    expect(await codesOf(pending.id)).toEqual([
      CONNECTION_CODES.enrolled,
      CONNECTION_CODES.connected,
      CONNECTION_CODES.noActiveCredit,
    ]);
    const stored = await t.db
      .select()
      .from(deviceTelemetry)
      .where(eq(deviceTelemetry.deviceId, pending.id));
    expect(stored).toHaveLength(1);
    await first.endAsync();

    // With a running period, a connection is just a connection.
    const now = Date.now();
    await t.db.insert(deviceCredits).values({
      deviceId: pending.id,
      creditEnabled: true,
      creditTypeId: 2,
      activatedAt: new Date(now - 60_000),
      expiresAt: new Date(now + 86_400_000),
    });
    const again = await connectDevice(t.mqttUrl, credential);
    await waitFor(() => t.gateway.link.isOnline(pending.id));
    await t.gateway.flush();
    const later = (await codesOf(pending.id)).slice(3);
    expect(later.length).toBeGreaterThan(0);
    expect(later).not.toContain(CONNECTION_CODES.noActiveCredit);
    await again.endAsync();
  });

  it('keeps enrol clients and devices to their own topics', async () => {
    const victim = await createPendingDevice(t.db);
    const victimCredential = credentialOf(await enrol(t.mqttUrl, victim));
    const intruder = await createPendingDevice(t.db);
    const intruderCredential = credentialOf(await enrol(t.mqttUrl, intruder));

    const enrolClient = await mqtt.connectAsync(t.mqttUrl, {
      clientId: 'enrol-intruder-01',
      username: ENROL_USERNAME,
      reconnectPeriod: 0,
    });
    // Refused subscriptions come back as SUBACK failures, which mqtt.js turns into an error.
    await expect(enrolClient.subscribeAsync(topics.command(victim.id), { qos: 1 })).rejects.toThrow(
      /subscribe error/i,
    );
    const closed = new Promise<void>((resolve) => enrolClient.once('close', () => resolve()));
    enrolClient.publish(
      topics.telemetry(victim.id, 'gps'),
      JSON.stringify({ ts: Date.now(), data: { latitude: 1, longitude: 1 } }),
      { qos: 1 },
    );
    await closed;
    enrolClient.end(true);

    const device = await connectDevice(t.mqttUrl, intruderCredential);
    await expect(device.subscribeAsync(topics.command(victimCredential.deviceId))).rejects.toThrow(
      /subscribe error/i,
    );
    // Its own command topic is fine.
    await device.subscribeAsync(topics.command(intruder.id), { qos: 1 });
    const deviceClosed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    device.publish(
      topics.telemetry(victim.id, 'gps'),
      JSON.stringify({ ts: Date.now(), data: { latitude: 1, longitude: 1 } }),
      { qos: 1 },
    );
    await deviceClosed;
    device.end(true);

    await t.gateway.flush();
    const rows = await t.db
      .select()
      .from(deviceTelemetry)
      .where(and(eq(deviceTelemetry.deviceId, victim.id)));
    expect(rows).toEqual([]);
  });
});
