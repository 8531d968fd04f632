import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import mqtt from 'mqtt';
import { E2E_MQTT_URL } from '../simulator';
import type { Seeds } from './seeds';

// The device topics of docs/device-protocol.md (protocol version 1).
const topic = (id: number, leaf: string) => `nf/d/${String(id)}/${leaf}`;
// A model with Wi-Fi, GPS, mobile and IO, so every telemetry category has its page.
const MODEL = 'RUT955';
// RutOS 07.06 or later: the device may be a quick VPN hub's endpoint.
const FIRMWARE = 'RUT9_R_00.07.06.1';

/** Enrols like a device and connects with its credential (see approved-devices.spec.ts). */
export async function enrolledDevice(serial: string, mac: string, claim: string, seeds: Seeds) {
  const clientId = `enrol-${randomBytes(8).toString('hex')}`;
  const enrolment = await mqtt.connectAsync(E2E_MQTT_URL, {
    clientId,
    username: 'enrol',
    reconnectPeriod: 0,
  });
  const answer = new Promise<{
    ok: boolean;
    device_id: number;
    username: string;
    password: string;
  }>((resolve, reject) => {
    enrolment.on('message', (_t, payload) => resolve(JSON.parse(payload.toString())));
    // A server that never answers fails here, not at the test's timeout.
    setTimeout(() => reject(new Error(`no enrolment answer for ${serial}`)), 30_000).unref();
  });
  await enrolment.subscribeAsync(`nf/enrol/res/${clientId}`, { qos: 1 });
  const request = { v: 1, serial, mac, claim, model: MODEL, firmware: FIRMWARE };
  await enrolment.publishAsync(`nf/enrol/req/${clientId}`, JSON.stringify(request), { qos: 1 });
  const credential = await answer;
  await enrolment.endAsync();
  expect(credential.ok).toBe(true);
  const id = credential.device_id;
  const device = await mqtt.connectAsync(E2E_MQTT_URL, {
    clientId: credential.username,
    username: credential.username,
    password: credential.password,
    reconnectPeriod: 0,
    will: {
      topic: topic(id, 'state'),
      payload: Buffer.from('{"state":"offline"}'),
      qos: 1,
      retain: true,
    },
  });
  const publish = (leaf: string, body: object) =>
    device.publishAsync(topic(id, leaf), JSON.stringify(body), { qos: 1 });
  // Every job is done at once; a shell command answers with a payload as its output.
  const output = seeds.payload();
  seeds.reported('command output', output);
  device.on('message', (_topic, message) => {
    const job = JSON.parse(message.toString()) as { id: number; type: string };
    const result = job.type === 'command' ? { result: output } : {};
    void publish('ack', { id: job.id, status: 'completed', ...result });
  });
  await device.subscribeAsync(topic(id, 'cmd'), { qos: 1 });
  await publish('state', { state: 'online', ts: Date.now() });
  const agent = seeds.unshown('hello agent');
  await publish('hello', { v: 1, model: MODEL, firmware: FIRMWARE, agent, serial, mac });
  return { id, device, publish };
}

/**
 * Every free-text field of the telemetry categories, each with a payload of its own. Answers the
 * digital input's name (a dashboard widget may name the pin) and the SIM's ICCID (on the device
 * once the readings are stored).
 */
export async function reportPayloads(
  publish: (leaf: string, body: object) => Promise<unknown>,
  seeds: Seeds,
) {
  const p = (what: string) => {
    const payload = seeds.payload();
    seeds.reported(what, payload);
    return payload;
  };
  const ts = Date.now();
  const input = p('io input name');
  const iccid = p('static sim iccid');
  const dynamic = {
    uptime: 60,
    temperature: 400,
    wan_state: p('dynamic wan_state'),
    interfaces: [{ name: p('dynamic interface name'), rx: 1, tx: 1, up: true }],
    modems: [
      {
        modem: 1,
        sim: 1,
        signal: -70,
        operator: p('modem operator'),
        network_state: p('modem network_state'),
        connection_type: p('modem connection_type'),
        modem_model: p('modem modem_model'),
        modem_manufacturer: p('modem modem_manufacturer'),
        modem_firmware: p('modem modem_firmware'),
        rx: 10,
        tx: 10,
      },
    ],
  };
  // Sent again while the automation is awaited: it fires on a reading after it was loaded.
  const reportDynamic = () => publish('tm/dynamic', { ts: Date.now(), data: dynamic });
  await reportDynamic();
  await publish('tm/static', {
    ts,
    data: {
      hostname: p('static hostname'),
      lan_ip: '192.168.1.1',
      kernel: p('static kernel'),
      sims: [{ slot: 1, iccid, imsi: p('static sim imsi') }],
    },
  });
  await publish('tm/gps', { ts, data: { latitude: 54.69, longitude: 25.28 } });
  await publish('tm/io', {
    ts,
    data: {
      inputs: [{ name: input, level: 1 }],
      relays: [{ name: p('io relay name'), state: 0 }],
      analog: [{ name: p('io analog name'), value: 1.5, unit: 'V' }],
    },
  });
  await publish('tm/wireless', {
    ts,
    data: {
      interfaces: [
        { ssid: p('wireless ssid'), band: '2.4GHz', channel: 6, clients: 1, enabled: true },
      ],
    },
  });
  await publish('tm/hotspot', {
    ts,
    data: { hotspots: [{ index: 0, ssid: p('hotspot ssid'), users_active: 1, rx: 1, tx: 1 }] },
  });
  await publish('tm/ddns', {
    ts,
    data: { entries: [{ hostname: p('ddns hostname'), status: 'up', ip: p('ddns ip') }] },
  });
  return { input, iccid, reportDynamic };
}

/**
 * The VPN category: an L2TP instance's name, and the error of the device's client of `hubId`
 * (a hub the device is the endpoint of).
 */
export async function reportVpn(
  publish: (leaf: string, body: object) => Promise<unknown>,
  seeds: Seeds,
  hubId: number,
) {
  const l2tp = seeds.payload();
  const error = seeds.payload();
  seeds.reported('vpn l2tp name', l2tp);
  seeds.reported('vpn openvpn error', error);
  await publish('tm/vpn', {
    ts: Date.now(),
    data: {
      l2tp: [{ name: l2tp, status: 'running' }],
      openvpn: [
        {
          hub_id: hubId,
          name: `nf_hub_${String(hubId)}`,
          status: 'failed',
          ip: null,
          bytes_sent: 0,
          bytes_received: 0,
          since: Date.now(),
          error,
        },
      ],
    },
  });
}

/** An event of the device's alert configuration `configId`, with its text and a value. */
export async function reportAlert(
  publish: (leaf: string, body: object) => Promise<unknown>,
  seeds: Seeds,
  configId: number,
) {
  // The console lists an event's values; its text only fills the alert's message template.
  const text = seeds.unshown('alert event text');
  const value = seeds.payload();
  seeds.reported('alert event value', value);
  await publish('al', {
    ts: Date.now(),
    config_id: configId,
    alert_type_id: 3,
    alert_subtype_id: 9,
    text,
    values: { operator: value },
  });
}

/** A run of the data collection config `configId` (assigned to the device): a value, a log line. */
export async function reportCollect(
  publish: (leaf: string, body: object) => Promise<unknown>,
  seeds: Seeds,
  configId: number,
  url: string,
) {
  const value = seeds.payload();
  const log = seeds.payload();
  seeds.reported('collected value', value);
  seeds.reported('collect log', log);
  await publish('dc', {
    ts: Date.now(),
    config_id: configId,
    data: { [url]: { operator: value } },
    log: [log],
  });
}
