import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConfigurations } from '@/db/schema';
import { createSmtpHostGuard } from '@/modules/system/email-configurations/smtp-host-guard';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { insertDevice } from '@test/fake-gateway';
import { rootCompany } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

// ICSA-23-131-08, SSRF: every field that makes the server open a connection is pointed at the
// server itself, cloud metadata and the internal network, in every spelling a resolver accepts.
// With the private-network settings off (the default) each is refused with a field error, and
// nothing listening on loopback is ever reached.

/** Hosts that are, or resolve to, loopback, link-local, private or unspecified addresses. */
const INTERNAL_HOSTS = [
  '127.0.0.1',
  '127.1',
  'localhost',
  'localhost.',
  '[::1]',
  '169.254.169.254',
  '10.1.2.3',
  '172.16.0.1',
  '192.168.1.1',
  '0.0.0.0',
  '2130706433',
  '0x7f000001',
  '017700000001',
  '[::ffff:127.0.0.1]',
  '[::ffff:a9fe:a9fe]',
  '[fe80::1]',
  '[fd00::1]',
];

let t: TestApp;
let admin: TestSession;
let trap: Server;
let trapPort = 0;
let reached = 0;
beforeAll(async () => {
  t = await buildTestApp({ webhookAllowPrivateNetworks: false, smtpAllowPrivateNetworks: false });
  admin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  // Anything the server dials on loopback lands here and is counted.
  trap = createServer((socket) => {
    reached += 1;
    socket.end('220 internal service banner\r\n');
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  const address = trap.address();
  trapPort = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await new Promise((resolve) => trap.close(resolve));
  await t.close();
});

const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: admin.headers, payload });

const expectFieldError = (
  response: Awaited<ReturnType<typeof call>>,
  source: string,
  what: string,
) => {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(422);
  expect(response.json(), what).toMatchObject({ success: false, errors: [{ source }] });
};

describe('webhooks', () => {
  it('refuses every internal target on create and on update', async () => {
    for (const host of INTERNAL_HOSTS) {
      const url = `http://${host}:${String(trapPort)}/hook`;
      expectFieldError(
        await call('POST', '/api/webhooks', { url, events: ['status.update'] }),
        'url',
        url,
      );
    }
    // A public address is accepted, and cannot be changed into an internal one afterwards.
    const created = await call('POST', '/api/webhooks', {
      url: 'https://93.184.216.34/hook',
      events: ['status.update'],
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const id = created.json<{ data: { id: number } }>().data.id;
    for (const host of ['169.254.169.254', '2130706433', '[::ffff:127.0.0.1]']) {
      const url = `http://${host}/latest/meta-data/`;
      expectFieldError(
        await call('PUT', `/api/webhooks/${String(id)}`, { url, events: ['status.update'] }),
        'url',
        url,
      );
    }
    expect(reached).toBe(0);
  });
});

describe('companies’ SMTP servers', () => {
  const body = async (host: string) => ({
    name: 'Relay',
    host,
    port: trapPort,
    email: 'alerts@acme.test',
    company_id: (await rootCompany(t.db)).id,
  });

  it('refuses every internal host on create and on update', async () => {
    for (const host of INTERNAL_HOSTS.map((h) => h.replace(/^\[(.*)\]$/, '$1'))) {
      expectFieldError(
        await call('POST', '/api/email-configurations', await body(host)),
        'host',
        host,
      );
    }
    const created = await call('POST', '/api/email-configurations', await body('93.184.216.34'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: number } }>().data.id;
    expectFieldError(
      await call('PUT', `/api/email-configurations/${String(id)}`, { host: '169.254.169.254' }),
      'host',
      'update',
    );
    expect(reached).toBe(0);
  });

  it('does not connect to an internal host stored before the guard (or by another way)', async () => {
    const [row] = await t.db
      .insert(emailConfigurations)
      .values({ ...(await body('localhost')), companyId: (await rootCompany(t.db)).id })
      .returning({ id: emailConfigurations.id });
    const test = await call('POST', `/api/email-configurations/${String(row?.id)}/test`, {
      to: 'someone@acme.test',
    });
    expectFieldError(test, 'host', 'test send');
    // The banner of the internal service never comes back to the caller.
    expect(test.body).not.toContain('internal service banner');
    expect(reached).toBe(0);
  });

  it('checks the name again at connect time: one that resolved outside may now point inside', async () => {
    let answer = '93.184.216.34';
    const guard = createSmtpHostGuard({
      allowPrivateNetworks: false,
      resolveHost: async () => [{ address: answer, family: 4 }],
    });
    await expect(guard.checkSaved('mail.rebind.test')).resolves.toBeUndefined();
    // Pinned to the checked address; the certificate is still checked against the name.
    await expect(guard.target('mail.rebind.test')).resolves.toEqual({
      host: '93.184.216.34',
      servername: 'mail.rebind.test',
    });
    answer = '127.0.0.1';
    await expect(guard.target('mail.rebind.test')).rejects.toMatchObject({
      statusCode: 422,
      source: 'host',
    });
  });
});

describe('remote-access targets', () => {
  it('only reaches the device or its LAN, and only through the device’s own tunnel', async () => {
    const device = await insertDevice(t.db, await rootCompany(t.db));
    const rule = (destination_ip: string) =>
      call('POST', '/api/devices/remote-access', {
        data: [
          { device_id: device.id, name: 'Target', destination_ip, destination_port: trapPort },
        ],
      });
    for (const ip of ['169.254.169.254', '0.0.0.0', '93.184.216.34']) {
      const refused = await rule(ip);
      expect(refused.statusCode, `${ip}: ${refused.body}`).toBe(422);
      expect(refused.body, ip).toContain('destination_ip');
    }
    // The device itself (its own 127.0.0.1) is a legitimate target: the device dials it, and
    // with the device offline nothing is dialled at all — never by the server.
    const own = await rule('127.0.0.1');
    expect(own.statusCode, own.body).toBe(201);
    const accessId = own.json<{ data: { id: number }[] }>().data[0]?.id;
    const opened = await call('POST', `/api/devices/connect/${String(accessId)}`, { duration: 60 });
    expect(opened.statusCode).toBeGreaterThanOrEqual(400);
    expect(opened.statusCode).toBeLessThan(500);
    expect(reached).toBe(0);
  });
});
