import { afterAll, describe, expect, it } from 'vitest';
import { SimDevice } from '../sim-device.ts';
import { createSimServices } from './sim-services.ts';
import { httpRequest } from './test-helpers.ts';

const services = createSimServices({});
const device = new SimDevice(3, 7);
afterAll(() => services.close());

const get = (path: string, cookie?: string) =>
  httpRequest(services, device, { path, ...(cookie ? { headers: { Cookie: cookie } } : {}) });

const login = (password: string) =>
  httpRequest(services, device, {
    path: '/cgi-bin/luci',
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ luci_username: 'admin', luci_password: password }).toString(),
  });

describe('simulated web UI', () => {
  it('sends a browser without a session to the login page', async () => {
    const page = await get('/cgi-bin/luci/admin/status/overview');
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe('/cgi-bin/luci');

    const form = await get('/cgi-bin/luci');
    expect(form.status).toBe(200);
    expect(form.body).toContain('data-testid="sim-webui"');
    expect(form.body).toContain(`<title>${device.model} - Status</title>`);
    expect(form.body).toContain('action="/cgi-bin/luci"');

    const rpc = await get('/cgi-bin/luci/rpc/status');
    expect(rpc.status).toBe(403);
  });

  it('rejects a wrong password with 403 and the form again', async () => {
    const answer = await login('wrong');
    expect(answer.status).toBe(403);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.body).toContain('Invalid username and/or password');
  });

  it('logs in, shows the device, its assets and its RPC, and logs out', async () => {
    const answer = await login('admin01');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/cgi-bin/luci/admin/status/overview');
    const setCookie = answer.headers['set-cookie']?.[0] ?? '';
    expect(setCookie).toMatch(/^sysauth_http=[0-9a-f]{32}; Path=\/;/);
    const cookie = setCookie.split(';')[0] as string;

    const overview = await get(answer.headers.location as string, cookie);
    expect(overview.status).toBe(200);
    expect(overview.body).toContain('data-testid="sim-webui"');
    expect(overview.body).toContain(`<title>${device.model} - Status</title>`);
    for (const value of [device.model, device.serial, device.firmware])
      expect(overview.body).toContain(value);
    expect(overview.body).toContain('href="/luci-static/netfleet-sim.css"');
    expect(overview.body).toContain('src="/luci-static/app.js"');
    expect(overview.body).toContain('href="/cgi-bin/luci/admin/logout"');

    const css = await get('/luci-static/netfleet-sim.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const script = await get('/luci-static/app.js');
    expect(script.body).toContain("fetch('/cgi-bin/luci/rpc/status'");

    const rpc = await get('/cgi-bin/luci/rpc/status', cookie);
    expect(rpc.headers['content-type']).toBe('application/json');
    expect(JSON.parse(rpc.body)).toMatchObject({ model: device.model, serial: device.serial });

    const interfaces = await get('/cgi-bin/luci/admin/network/interfaces', cookie);
    expect(interfaces.body).toContain('192.168.1.1/24');

    const logout = await get('/cgi-bin/luci/admin/logout', cookie);
    expect(logout.headers.location).toBe('/cgi-bin/luci');
    expect(logout.headers['set-cookie']?.[0]).toContain('Max-Age=0');
    expect((await get('/cgi-bin/luci/admin/status/overview', cookie)).status).toBe(302);
  });

  it('escapes device strings in HTML', async () => {
    const odd = new SimDevice(4, 7);
    odd.firmware = '<script>alert(1)</script>';
    const answer = await httpRequest(services, odd, { path: '/cgi-bin/luci' });
    const form = await httpRequest(services, odd, {
      path: '/cgi-bin/luci',
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'luci_username=admin&luci_password=admin01',
    });
    const cookie = (form.headers['set-cookie']?.[0] ?? '').split(';')[0] as string;
    const overview = await httpRequest(services, odd, {
      path: '/cgi-bin/luci/admin/status/overview',
      headers: { Cookie: cookie },
    });
    expect(answer.status).toBe(200);
    expect(overview.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(overview.body).not.toContain('<script>alert');
  });

  it('keeps sessions per device', async () => {
    const answer = await login('admin01');
    const cookie = (answer.headers['set-cookie']?.[0] ?? '').split(';')[0] as string;
    const other = await httpRequest(services, new SimDevice(5, 7), {
      path: '/cgi-bin/luci/admin/status/overview',
      headers: { Cookie: cookie },
    });
    expect(other.status).toBe(302);
  });

  it('serves the LAN camera with an absolute-path stylesheet', async () => {
    const page = await httpRequest(services, device, { host: '192.168.1.10', path: '/' });
    expect(page.body).toContain('data-testid="sim-lan-host"');
    expect(page.body).toContain('IP camera');
    expect(page.body).toContain('href="/static/camera.css"');
    const css = await httpRequest(services, device, {
      host: '192.168.1.10',
      path: '/static/camera.css',
    });
    expect(css.status).toBe(200);
    expect(
      (await httpRequest(services, device, { host: '192.168.1.10', path: '/nope' })).status,
    ).toBe(404);
  });

  it('takes the password a set_password job gave the device, and no longer the factory one', async () => {
    const changed = new SimDevice(5, 7);
    changed.setAdminPassword('Changed-Pass-1');
    const loginOn = (password: string) =>
      httpRequest(services, changed, {
        path: '/cgi-bin/luci',
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ luci_username: 'admin', luci_password: password }).toString(),
      });
    expect((await loginOn('admin01')).status).toBe(403);
    expect((await loginOn('Changed-Pass-1')).status).toBe(302);
  });
});
