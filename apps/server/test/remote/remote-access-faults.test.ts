import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRemoteWorld, type RemoteWorld } from './remote-world';
import { httpGet, openTerminal, setCookie } from './remote-http';

// Remote access when something is wrong (a target outside the device, nothing listening, a
// closed link, a tunnel that drops) and the device probes (auto-scan, LAN hosts, restart).

let world: RemoteWorld;
beforeAll(async () => {
  world = await buildRemoteWorld();
}, 60_000);
afterAll(() => world?.close());

const post = (url: string, payload: object, headers = world.admin.headers) =>
  world.post(url, payload, headers);
const connect = (kind: 'webui' | 'cli', body: object = {}) => world.connect(kind, body);

describe('faults', () => {
  it('refuses a rule to a public address or link-local metadata (SSRF)', async () => {
    for (const ip of ['8.8.8.8', '169.254.169.254', '0.0.0.0']) {
      const response = await post('/api/devices/remote-access', {
        data: [
          { device_id: world.deviceIds[0], name: 'Out', destination_ip: ip, destination_port: 80 },
        ],
      });
      expect(response.statusCode).toBe(422);
    }
  });

  it('answers a clear error when nothing listens on the target', async () => {
    const created = await post('/api/devices/remote-access', {
      data: [
        {
          device_id: world.deviceIds[0],
          name: 'Nothing',
          destination_ip: '192.168.1.77',
          destination_port: 8080,
        },
      ],
    });
    const rule = created.json<{ data: { id: number }[] }>().data[0];
    const connected = await post(`/api/devices/connect/${rule?.id}`, { duration: 600 });
    const session = connected.json<{ data: { id: number } }>().data;
    const launch = await post(`/api/devices/connect/sessions/${session.id}/launch`, {});
    const url = new URL(launch.json<{ data: { url: string } }>().data.url);
    const launched = await httpGet(world.base, url.host, url.pathname + url.search);
    const page = await httpGet(world.base, url.host, '/', {
      cookie: setCookie(launched, '__nf_webui') as string,
    });
    expect(page.status).toBe(502);
    expect(page.body).toContain('Nothing answers on this host and port');
  });

  it('ends a closed session at once, on the proxy and in the terminal', async () => {
    const session = await connect('webui');
    const url = new URL(session.url);
    const launched = await httpGet(world.base, url.host, url.pathname + url.search);
    const proof = setCookie(launched, '__nf_webui') as string;
    expect((await httpGet(world.base, url.host, '/', { cookie: proof })).status).toBe(302);
    const closed = await world.t.app.inject({
      method: 'DELETE',
      url: `/api/devices/connect/sessions/${session.id}`,
      headers: world.admin.headers,
    });
    expect(closed.statusCode).toBe(200);
    const after = await httpGet(world.base, url.host, '/', { cookie: proof });
    expect(after.status).toBe(410);
    expect(after.body).toContain('This link was closed');
  });
});

describe('auto-scan and restart', () => {
  const channelItems = async (channel: string) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const answer = await world.t.app.inject({
        method: 'GET',
        url: `/api/status/channel/${channel}`,
        headers: world.admin.headers,
      });
      const data = answer.json<{ data: Record<string, { status: string; value: string }[]> }>()
        .data;
      if (Object.keys(data).length >= 3 || Date.now() > deadline) return data;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('finds which of the device ports answer', async () => {
    const scan = await world.t.app.inject({
      method: 'GET',
      url: `/api/devices/${world.deviceIds[0]}/connect-auto-scan/?ports=22,80,8081`,
      headers: world.admin.headers,
    });
    expect(scan.statusCode).toBe(200);
    const items = await channelItems(scan.json<{ meta: { channel: string } }>().meta.channel);
    expect(items['22']?.at(-1)).toMatchObject({ status: 'completed', value: 'open' });
    expect(items['80']?.at(-1)).toMatchObject({ status: 'completed', value: 'open' });
    expect(items['8081']?.at(-1)).toMatchObject({ status: 'error', value: 'closed' });
    for (const ports of ['0', '22,x', Array.from({ length: 33 }, (_, i) => i + 1).join(',')]) {
      const bad = await world.t.app.inject({
        method: 'GET',
        url: `/api/devices/${world.deviceIds[0]}/connect-auto-scan/?ports=${ports}`,
        headers: world.admin.headers,
      });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('lists the hosts the device sees on its LAN (port scan)', async () => {
    const scan = await world.t.app.inject({
      method: 'GET',
      url: `/api/devices/${world.deviceIds[0]}/port-scan/?type=ethernet`,
      headers: world.admin.headers,
    });
    expect(scan.statusCode).toBe(200);
    const items = await channelItems(scan.json<{ meta: { channel: string } }>().meta.channel);
    expect(items['192.168.1.10']?.at(-1)).toMatchObject({ status: 'completed' });
    expect(items['192.168.1.10']?.at(-1)?.value).toContain('on LAN1');
    const bad = await world.t.app.inject({
      method: 'GET',
      url: `/api/devices/${world.deviceIds[0]}/port-scan/?type=wifi`,
      headers: world.admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('restarts the tunnel of a web UI session by its link, for its owner only', async () => {
    const session = await connect('webui');
    const restarted = await post('/api/rms-connect/restart', { url: session.url });
    expect(restarted.statusCode).toBe(200);
    const unknown = await post('/api/rms-connect/restart', { url: `${'b'.repeat(32)}.localhost` });
    expect(unknown.statusCode).toBe(404);
    // The next request dials a fresh tunnel and works.
    const url = new URL(session.url);
    const launched = await httpGet(world.base, url.host, url.pathname + url.search);
    const page = await httpGet(world.base, url.host, '/', {
      cookie: setCookie(launched, '__nf_webui') as string,
    });
    expect(page.status).toBe(302);
  });
});

describe('a tunnel that drops', () => {
  it('ends the terminal cleanly, saying why, and the next session dials again', async () => {
    const session = await connect('cli');
    const terminal = openTerminal(world.base, session.id, world.admin.cookie);
    await terminal.opened;
    terminal.start({ username: 'root', password: 'admin01' });
    await terminal.message('ready');
    // Any web UI link of the same device restarts (drops) its tunnel.
    const webui = await connect('webui');
    expect((await post('/api/rms-connect/restart', { url: webui.url })).statusCode).toBe(200);
    await terminal.message('closed');
    await terminal.until(
      () => terminal.ws.readyState === terminal.ws.CLOSED,
      'the socket to close',
    );

    const again = openTerminal(world.base, session.id, world.admin.cookie);
    await again.opened;
    again.start({ username: 'root', password: 'admin01' });
    await again.message('ready');
    again.ws.close();
  });
});
