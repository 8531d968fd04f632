import { CONNECTION_CODES, ENROL_REFUSED, ENROL_USERNAME } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLogs, devices } from '@/db/schema';
import {
  buildDeviceTestApp,
  connectDevice,
  createPendingDevice,
  type DeviceTestApp,
  enrol,
  enrolOnline,
  waitFor,
} from '@test/devices';

// ICSA-23-131-08: an attacker who has read a device's serial and MAC off its label (or another
// device's credential off its flash) tries to become that device on the broker. Each attempt must
// be refused, logged on the real device with the protocol's connection code, and leave the real
// device enrolled, online and with its own credential.

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

const rowOf = async (deviceId: number) => {
  const [row] = await t.db.select().from(devices).where(eq(devices.id, deviceId));
  if (!row) throw new Error(`device ${String(deviceId)} is gone`);
  return row;
};

/** An enrolled, connected victim; resolves to its MQTT client and whether the broker dropped it. */
const onlineVictim = async (clientId?: string) => {
  const pending = await createPendingDevice(t.db);
  const { credential, client } = await enrolOnline(t, pending, clientId ? { clientId } : {});
  const dropped = { value: false };
  client.on('close', () => void (dropped.value = true));
  return { pending, credential, client, dropped, before: await rowOf(pending.id) };
};

const connectRaw = (options: mqtt.IClientOptions) =>
  new Promise<MqttClient>((resolve, reject) => {
    const client = mqtt.connect(t.mqttUrl, { reconnectPeriod: 0, ...options });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });

/** The victim still holds its connection, row and credential as before the attack. */
const expectUntouched = async (victim: Awaited<ReturnType<typeof onlineVictim>>) => {
  await new Promise((wake) => setTimeout(wake, 200));
  expect(victim.dropped.value).toBe(false);
  expect(victim.client.connected).toBe(true);
  expect(t.gateway.link.isOnline(victim.pending.id)).toBe(true);
  const after = await rowOf(victim.pending.id);
  expect(after).toMatchObject({
    serial: victim.before.serial,
    mac: victim.before.mac,
    companyId: victim.before.companyId,
    credentialHash: victim.before.credentialHash,
  });
};

describe('impersonating an enrolled device', () => {
  it('enrolling again with its serial and MAC (any claim) gets nothing', async () => {
    const victim = await onlineVictim();
    // The claim secret was spent when the device first connected: even the right one is refused.
    expect(await enrol(t.mqttUrl, victim.pending)).toEqual(ENROL_REFUSED);
    expect(await enrol(t.mqttUrl, { ...victim.pending, claim: 'GUESSEDCLAIMSECRET01' })).toEqual(
      ENROL_REFUSED,
    );
    await expectUntouched(victim);
    await victim.client.endAsync();
  });

  it('enrolling with its serial and another MAC is refused and logged as code 7', async () => {
    const victim = await onlineVictim();
    expect(await enrol(t.mqttUrl, { ...victim.pending, mac: '02:00:5E:10:20:30' })).toEqual(
      ENROL_REFUSED,
    );
    await t.gateway.flush();
    expect(await codesOf(victim.pending.id)).toContain(CONNECTION_CODES.duplicateSerial);
    await expectUntouched(victim);
    await victim.client.endAsync();
  });

  it('logging in as d<id> without its credential, or with another device’s, is refused (104)', async () => {
    const victim = await onlineVictim();
    const other = await onlineVictim();
    const username = victim.credential.username;
    await expect(connectRaw({ clientId: `x-${username}`, username })).rejects.toThrow(
      /bad user ?name or password/i,
    );
    await expect(
      connectRaw({ clientId: `x-${username}`, username, password: 'not-the-credential' }),
    ).rejects.toThrow(/bad user ?name or password/i);
    await expect(
      connectRaw({ clientId: `x-${username}`, username, password: other.credential.password }),
    ).rejects.toThrow(/bad user ?name or password/i);
    await t.gateway.flush();
    expect(await codesOf(victim.pending.id)).toContain(CONNECTION_CODES.badCredential);
    await expectUntouched(victim);
    await expectUntouched(other);
    await Promise.all([victim.client.endAsync(), other.client.endAsync()]);
  });

  it('another device’s valid login under the victim’s client id does not push the victim off', async () => {
    // The broker allows one connection per client id and drops the older one: without a check a
    // device with any credential could knock any other device offline by reusing its client id.
    const victim = await onlineVictim();
    const attacker = await onlineVictim();
    await expect(
      connectRaw({
        clientId: victim.credential.username,
        username: attacker.credential.username,
        password: attacker.credential.password,
      }),
    ).rejects.toThrow(/not authori[sz]ed/i);
    await expectUntouched(victim);
    await Promise.all([victim.client.endAsync(), attacker.client.endAsync()]);
  });

  it('an enrolment connection under a connected device’s client id does not push it off', async () => {
    // Client ids are the device's choice (8+ characters also pass the enrol rule).
    const victim = await onlineVictim('router-agent-0001');
    await expect(
      connectRaw({ clientId: 'router-agent-0001', username: ENROL_USERNAME }),
    ).rejects.toThrow(/not authori[sz]ed/i);
    await expectUntouched(victim);
    await victim.client.endAsync();
  });

  it('the device itself may still take its own client id over (a half-open old connection)', async () => {
    const victim = await onlineVictim();
    const again = await connectDevice(t.mqttUrl, victim.credential);
    await waitFor(() => victim.dropped.value);
    expect(again.connected).toBe(true);
    await again.endAsync();
  });
});
