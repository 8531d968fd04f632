import { VPN_HUB_MESSAGES } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { loginAs, type TestSession } from '@test/session';
import { createRecordingRuntime } from './vpn.fixtures';

const unavailable = {
  available: false as const,
  reason: 'OpenVPN is not installed on this host',
  fix: 'Install the openvpn package (apt-get install openvpn)',
};

describe.each([
  ['no runtime', undefined, VPN_HUB_MESSAGES.noRuntime, VPN_HUB_MESSAGES.noRuntimeFix],
  ['a host without OpenVPN', unavailable, unavailable.reason, unavailable.fix],
])('a server with %s', (_, availability, reason, fix) => {
  let t: TestApp;
  let session: TestSession;
  const recording = createRecordingRuntime();
  beforeAll(async () => {
    if (availability) recording.setAvailability(availability);
    t = await buildTestApp({}, availability ? { hubRuntime: () => recording.runtime } : {});
    session = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  });
  afterAll(() => t.close());

  it('still makes and configures hubs; their status and the host say why they do not run', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/vpn/hubs',
      headers: session.headers,
      payload: { name: 'Waiting hub' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const hub = created.json<{ data: { id: number }; meta: { channel: string } }>();
    expect(hub.data).toMatchObject({ status: { state: 'unavailable', error: reason } });
    const settings = await t.app.inject({
      method: 'PUT',
      url: `/api/vpn/hubs/${hub.data.id}/settings`,
      headers: session.headers,
      payload: { port: 1200 },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    await t.app.vpnHubs.idle();
    expect(recording.applied).toEqual([]);

    const channel = await t.app.inject({
      method: 'GET',
      url: `/api/status/channel/${hub.meta.channel}`,
      headers: session.headers,
    });
    expect(
      channel.json<{ data: Record<string, { status: string; value: string }[]> }>().data,
    ).toEqual({
      [String(hub.data.id)]: [
        { status: 'warning', value: `${VPN_HUB_MESSAGES.created}. ${reason}` },
      ],
    });

    const host = await t.app.inject({
      method: 'GET',
      url: '/api/vpn/hubs/host',
      headers: session.headers,
    });
    expect(host.json<{ data: unknown }>().data).toMatchObject({
      available: false,
      reason,
      fix,
      version: null,
    });
  });
});
