import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import mqtt, { type MqttClient } from 'mqtt';
import { acceptAgreementIfAsked, logIn, ownCompanyId, xsrfHeaders } from './helpers';
import { E2E_MQTT_URL } from './simulator';
import { SUPER_ADMIN } from './users';

// ICSA-23-131-08, stored XSS: a script is stored in every string a device reports and every
// string a user enters that these pages show, then each page is opened in Chromium. Nothing may
// run (window.__xss stays unset, no dialog opens), the markup must not become elements, and the
// console's content security policy must not have had to block anything it serves itself.

const run = String(Date.now() % 1_000_000).padStart(6, '0');
/** Each payload sets its own marker, so a failure says which one ran. Labels allow 64 chars. */
const IMG = `<img src=x onerror="window.__xss=1">${run}`;
const SCRIPT = `"><script>window.__xss=2</script>${run}`;
const SVG = `<svg onload="window.__xss=3"></svg>${run}`;
const JS_URL = `javascript:window.__xss=4//${run}`;
const PAYLOADS = [IMG, SCRIPT, SVG, JS_URL];

// The device topics of docs/device-protocol.md (protocol version 1).
const topic = (id: number, leaf: string) => `nf/d/${String(id)}/${leaf}`;

/** Enrols like a device and connects with its credential (see approved-devices.spec.ts). */
async function enrolledDevice(serial: string, mac: string, claim: string) {
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
  }>((resolve) =>
    enrolment.on('message', (_t, payload) => resolve(JSON.parse(payload.toString()))),
  );
  await enrolment.subscribeAsync(`nf/enrol/res/${clientId}`, { qos: 1 });
  const request = { v: 1, serial, mac, claim, model: 'RUTX11', firmware: 'RUTX_R_00.07.06.1' };
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
  await publish('state', { state: 'online', ts: Date.now() });
  await publish('hello', {
    v: 1,
    model: 'RUTX11',
    firmware: 'RUTX_R_00.07.06.1',
    agent: SCRIPT.slice(0, 64).replace(/[^\x20-\x7e]/g, ''),
    serial,
    mac,
  });
  return { id, device, publish };
}

/** Every free-text field of the telemetry categories, filled with the payloads. */
async function reportPayloads(publish: (leaf: string, body: object) => Promise<unknown>) {
  const ts = Date.now();
  const [a, b, c, d] = PAYLOADS as [string, string, string, string];
  await publish('tm/dynamic', {
    ts,
    data: {
      uptime: 60,
      temperature: 400,
      wan_state: a,
      interfaces: [{ name: b, rx: 1, tx: 1, up: true }],
      modems: [
        {
          modem: 1,
          sim: 1,
          signal: -70,
          operator: a,
          network_state: b,
          connection_type: c,
          modem_model: d,
          modem_manufacturer: a,
          modem_firmware: b,
          rx: 10,
          tx: 10,
        },
      ],
    },
  });
  await publish('tm/static', {
    ts,
    data: { hostname: a, lan_ip: '192.168.1.1', kernel: b, sims: [{ slot: 1, iccid: c, imsi: d }] },
  });
  await publish('tm/gps', { ts, data: { latitude: 54.69, longitude: 25.28 } });
  await publish('tm/io', {
    ts,
    data: {
      inputs: [{ name: a, level: 1 }],
      relays: [{ name: b, state: 0 }],
      analog: [{ name: c, value: 1.5, unit: 'V' }],
    },
  });
  await publish('tm/wireless', {
    ts,
    data: { interfaces: [{ ssid: a, band: '2.4GHz', channel: 6, clients: 1, enabled: true }] },
  });
  await publish('tm/hotspot', {
    ts,
    data: { hotspots: [{ index: 0, ssid: b, users_active: 1, rx: 1, tx: 1 }] },
  });
  await publish('tm/ddns', { ts, data: { entries: [{ hostname: c, status: 'up', ip: d }] } });
}

/** User-entered strings; a field that refuses markup (422) is a defence too, and is noted. */
async function enterPayloads(page: Page, deviceId: number) {
  const headers = await xsrfHeaders(page);
  const companyId = await ownCompanyId(page);
  const accepted: string[] = [];
  const tryWrite = async (what: string, write: () => ReturnType<Page['request']['post']>) => {
    const response = await write();
    expect(response.status(), `${what}: ${await response.text()}`).toBeLessThan(500);
    if (response.status() < 300) accepted.push(what);
    else expect(response.status(), what).toBe(422);
    return response;
  };
  await tryWrite('device name', () =>
    page.request.put(`/api/devices/${String(deviceId)}`, { headers, data: { name: IMG } }),
  );
  await tryWrite('device description', () =>
    page.request.put(`/api/devices/${String(deviceId)}`, {
      headers,
      data: { description: SCRIPT },
    }),
  );
  const tag = await tryWrite('tag', () =>
    page.request.post('/api/tags', {
      headers,
      data: { company_id: companyId, name: SVG.slice(0, 30), description: IMG },
    }),
  );
  if (tag.status() < 300) {
    const tagId = ((await tag.json()) as { data: { id: number } }).data.id;
    await tryWrite('device tags', () =>
      page.request.put(`/api/devices/${String(deviceId)}`, { headers, data: { tag_id: [tagId] } }),
    );
  }
  await tryWrite('company', () =>
    page.request.post('/api/companies', { headers, data: { name: SCRIPT, parent_id: companyId } }),
  );
  await tryWrite('notice', () =>
    page.request.post('/api/admin/notices', {
      headers,
      data: {
        type: 'info',
        enabled: true,
        message: `${IMG} <a href="${JS_URL}">link</a> <img src="${JS_URL}"> ${SCRIPT}`,
      },
    }),
  );
  return accepted;
}

/**
 * Opens a page and checks nothing ran, nothing became an element, nothing was blocked; answers
 * whether the page shows a payload as text (so the check is not vacuous).
 */
async function expectInert(page: Page, path: string, violations: string[]): Promise<boolean> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), path).toBeUndefined();
  const injected = await page.evaluate(() => ({
    handlers: [...document.querySelectorAll('[onerror],[onload]')].map((e) => e.outerHTML),
    scripts: [...document.querySelectorAll('script')]
      .filter((s) => !s.src || new URL(s.src).origin !== location.origin)
      .map((s) => s.outerHTML),
    links: [...document.querySelectorAll('a[href^="javascript:" i],img[src^="javascript:" i]')].map(
      (e) => e.outerHTML,
    ),
  }));
  expect(injected, path).toEqual({ handlers: [], scripts: [], links: [] });
  expect(violations, path).toEqual([]);
  return page.evaluate(() => document.body.innerText.includes('window.__xss'));
}

let device: MqttClient | undefined;
test.afterAll(async () => {
  await device?.endAsync();
});

test('stored scripts in device-reported and user-entered strings never run', async ({ page }) => {
  test.setTimeout(180_000);
  const dialogs: string[] = [];
  const violations: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  await logIn(page, SUPER_ADMIN);
  await acceptAgreementIfAsked(page);
  const serial = `XS${run}`;
  const mac = `02:5E:42:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}`;
  const added = await page.request.post('/api/devices', {
    headers: await xsrfHeaders(page),
    data: { company_id: await ownCompanyId(page), serial, mac, name: `xss-${serial}` },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const { claim_secret: claim } = ((await added.json()) as { data: { claim_secret: string }[] })
    .data[0] as { claim_secret: string };
  const enrolled = await enrolledDevice(serial, mac, claim);
  device = enrolled.device;
  await reportPayloads(enrolled.publish);
  const accepted = await enterPayloads(page, enrolled.id);
  // The device's strings are stored (the gateway flushes every second) and the name was taken.
  await expect
    .poll(async () => (await page.request.get(`/api/devices/${String(enrolled.id)}`)).text(), {
      timeout: 15_000,
    })
    .toContain('onerror');
  // Most user-entered names refuse markup outright; what was stored is shown below as well.
  test
    .info()
    .annotations.push({ type: 'stored user-entered fields', description: accepted.join(', ') });
  expect(accepted).toContain('notice');

  const id = String(enrolled.id);
  const pages = [
    '/management/devices',
    `/management/devices?q=${serial}`,
    ...[
      '',
      'network',
      'io',
      'gps',
      'services',
      'connection-log',
      'device-logs',
      'alerts',
      'dashboards',
      'mobile-data',
    ].map((tab) => `/devices/${id}${tab ? `/${tab}` : ''}`),
    '/management/wifi',
    '/management/hotspots',
    '/companies',
    '/tags',
    '/users',
    '/management/task-manager',
    '/management/automations',
    '/notifications',
    '/notices',
    '/management/files',
    '/remote/access',
    '/',
  ];
  const showing: string[] = [];
  for (const path of pages) if (await expectInert(page, path, violations)) showing.push(path);
  // The payloads did reach the pages, as text: what the device reported is shown, inertly. (The
  // notice's markup is sanitised away rather than shown.)
  expect(showing).toEqual(
    expect.arrayContaining([`/devices/${id}/network`, '/management/wifi', '/management/hotspots']),
  );
  expect(dialogs).toEqual([]);
});
