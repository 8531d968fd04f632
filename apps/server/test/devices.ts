import { randomBytes } from 'node:crypto';
import {
  ENROL_USERNAME,
  type EnrolRequest,
  type EnrolResponse,
  enrolResponseSchema,
  PROTOCOL_VERSION,
  topics,
} from '@netfleet/contracts';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Config } from '@/config';
import type { Database } from '@/db/client';
import { devices } from '@/db/schema';
import type { DeviceGateway } from '@/modules/fleet/device-gateway/gateway';
import { hashClaimSecret, newClaimSecret } from '@/lib/device-secrets';
import type { Broker } from '@/plugins/broker';
import { createEmbeddedBroker } from '@/plugins/broker-embedded';
import { createExternalBroker } from '@/plugins/broker-external';
import { buildTestApp, type TestApp, type TestAppOptions } from './app';
import { rootCompany } from './factories';

export interface DeviceTestApp extends TestApp {
  broker: Broker;
  gateway: DeviceGateway;
  /** Where devices connect: the embedded broker's port, or the external broker. */
  mqttUrl: string;
}

/**
 * A test app whose device gateway runs on a broker: by default an embedded Aedes on a free port;
 * pass another broker (and its URL) to go through an external one. close() closes the broker
 * first, like server.ts, so the gateway's last flush sees every acknowledged message.
 */
export const buildDeviceTestApp = async (
  options: { broker?: Broker; mqttUrl?: string; config?: Partial<Config> } & TestAppOptions = {},
): Promise<DeviceTestApp & { broker: Broker }> => {
  const broker = options.broker ?? createEmbeddedBroker({ port: 0, host: '127.0.0.1' });
  const t = await buildTestApp(options.config, { ...options, broker });
  const gateway = t.app.deviceGateway;
  if (!gateway) throw new Error('buildApp built no device gateway');
  await broker.start();
  const mqttUrl =
    options.mqttUrl ??
    (broker.kind === 'embedded' && 'port' in broker
      ? `mqtt://127.0.0.1:${String(broker.port)}`
      : '');
  return {
    ...t,
    broker,
    gateway,
    mqttUrl,
    async close() {
      await broker.close();
      await t.close();
    },
  };
};

let sequence = 0;
const randomMac = () =>
  Array.from(randomBytes(6), (byte) => byte.toString(16).padStart(2, '0'))
    .join(':')
    .toUpperCase();
export const randomSerial = () =>
  `${Date.now().toString(36)}${(sequence++).toString(36)}`.toUpperCase().padEnd(8, '0');
const randomImei = () =>
  String(100_000_000_000_000 + Math.floor(Math.random() * 899_999_999_999_999));

export interface PendingDevice {
  id: number;
  serial: string;
  mac: string | null;
  imei: string | null;
  claim: string;
}

/** A device as added through the API: serial, MAC or IMEI, and a claim secret shown once. */
export const createPendingDevice = async (
  db: Database,
  options: {
    companyId?: number;
    series?: 'rut' | 'trb';
    serial?: string;
    mac?: string;
    periods?: Partial<Record<'dynamicMonitoring' | 'gpsMonitoring', number>>;
    allMonitoringOff?: boolean;
  } = {},
): Promise<PendingDevice> => {
  const series = options.series ?? 'rut';
  const claim = newClaimSecret();
  const serial = options.serial ?? randomSerial();
  const mac = series === 'rut' ? (options.mac ?? randomMac()) : null;
  const imei = series === 'trb' ? randomImei() : null;
  const off = options.allMonitoringOff
    ? {
        dynamicMonitoring: 0,
        staticMonitoring: 0,
        hotspotMonitoring: 0,
        gpsMonitoring: 0,
        ioMonitoring: 0,
        wirelessMonitoring: 0,
        ddnsMonitoring: 0,
        vpnMonitoring: 0,
      }
    : {};
  const [row] = await db
    .insert(devices)
    .values({
      companyId: options.companyId ?? (await rootCompany(db)).id,
      name: `Device ${serial}`,
      serial,
      mac,
      imei,
      deviceSeries: series,
      claimSecretHash: hashClaimSecret(claim),
      ...options.periods,
      ...off,
    })
    .returning({ id: devices.id });
  if (!row) throw new Error('device insert failed');
  return { id: row.id, serial, mac, imei, claim };
};

/** The first connection's outcome; later errors (a broker outage) are the client's to retry. */
const connected = (client: MqttClient) =>
  new Promise<MqttClient>((resolve, reject) => {
    const refused = (error: Error) => {
      client.end(true);
      reject(error);
    };
    client.once('error', refused);
    client.once('connect', () => {
      client.off('error', refused);
      client.on('error', () => undefined);
      resolve(client);
    });
  });

/** Enrols like a device would: connect as `enrol`, subscribe to the reply, send the request. */
export const enrol = async (
  mqttUrl: string,
  device: Pick<PendingDevice, 'serial' | 'claim'> & { mac?: string | null; imei?: string | null },
  overrides: Partial<EnrolRequest> = {},
): Promise<EnrolResponse> => {
  const clientId = `enrol-${randomBytes(8).toString('hex')}`;
  const client = await connected(
    mqtt.connect(mqttUrl, { clientId, username: ENROL_USERNAME, reconnectPeriod: 0 }),
  );
  try {
    const answer = new Promise<EnrolResponse>((resolve) =>
      client.on('message', (_topic, payload) =>
        resolve(enrolResponseSchema.parse(JSON.parse(payload.toString()))),
      ),
    );
    await client.subscribeAsync(topics.enrolResponse(clientId), { qos: 1 });
    const request: EnrolRequest = {
      v: PROTOCOL_VERSION,
      serial: device.serial,
      claim: device.claim,
      model: 'RUT955',
      firmware: 'RUT9_R_00.07.06.1',
      ...(device.mac ? { mac: device.mac } : {}),
      ...(device.imei ? { imei: device.imei } : {}),
      ...overrides,
    };
    await client.publishAsync(topics.enrolRequest(clientId), JSON.stringify(request), { qos: 1 });
    return await answer;
  } finally {
    await client.endAsync();
  }
};

/** Connects with the credential, a last will, and announces itself online. */
export const connectDevice = async (
  mqttUrl: string,
  credential: { deviceId: number; username: string; password: string },
  options: Partial<IClientOptions> = {},
): Promise<MqttClient> => {
  const stateTopic = topics.state(credential.deviceId);
  const client = await connected(
    mqtt.connect(mqttUrl, {
      clientId: credential.username,
      username: credential.username,
      password: credential.password,
      reconnectPeriod: 0,
      will: {
        topic: stateTopic,
        payload: Buffer.from('{"state":"offline"}'),
        qos: 1,
        retain: true,
      },
      ...options,
    }),
  );
  await client.publishAsync(stateTopic, JSON.stringify({ state: 'online' }), {
    qos: 1,
    retain: true,
  });
  return client;
};

/** Polls until the check passes (or fails the test after the timeout). */
export const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** The credential an accepted enrolment carries; a refusal fails the test. */
export const credentialOf = (answer: EnrolResponse) => {
  if (!answer.ok) throw new Error('enrolment refused');
  return { deviceId: answer.device_id, username: answer.username, password: answer.password };
};

/**
 * Enrols the device and connects it with its new credential; resolves once the gateway holds it
 * online and has flushed that to its row.
 */
export const enrolOnline = async (
  t: DeviceTestApp,
  pending: PendingDevice,
  options: Partial<IClientOptions> = {},
) => {
  const credential = credentialOf(await enrol(t.mqttUrl, pending));
  const client = await connectDevice(t.mqttUrl, credential, options);
  await waitFor(() => t.gateway.link.isOnline(pending.id));
  await t.gateway.flush();
  return { credential, client };
};

/**
 * An external broker for the gateway with its own client id and shared-subscription group, so a
 * test never takes another's messages; close() also ends its persistent session, which would
 * otherwise keep queueing device messages in the broker forever.
 */
export const isolatedExternalBroker = (url: string): Broker => {
  const clientId = `nf-test-${randomBytes(6).toString('hex')}`;
  const broker = createExternalBroker({
    url,
    clientId,
    group: `nf-test-${randomBytes(4).toString('hex')}`,
  });
  return {
    ...broker,
    kind: broker.kind,
    async close() {
      await broker.close();
      const wipe = await mqtt.connectAsync(url, { clientId, clean: true, reconnectPeriod: 0 });
      await wipe.endAsync();
    },
  };
};
