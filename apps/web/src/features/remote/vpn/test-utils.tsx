// Test-only: the VPN pages' route harness (src/test/render-route) and fixtures as the API answers.
import type { VpnClient, VpnHub, VpnHubHost, VpnProfile } from '@netfleet/contracts';
import { jsonResponse } from '@/test/mock-api';

export { currentLocation, dialog, lastBody, listOk, renderWithSession } from '@/test/render-route';

/** A write's answer: the status channel beside the data, as the VPN routes give it. */
export const channelOk = (data: unknown, status = 200) =>
  jsonResponse(status, { success: true, meta: { channel: 'c1' }, data });

/** A refused write with its problems' body paths. */
export function unprocessable(errors: { message: string; source: string | null }[]): Response {
  return jsonResponse(422, {
    success: false,
    errors: errors.map((error) => ({ code: 'VALIDATION_ERROR', ...error })),
  });
}

export function hub(overrides: Partial<VpnHub> = {}): VpnHub {
  return {
    id: 5,
    name: 'Office hub',
    quick_hub: 0,
    description: 'Branch offices',
    bytes_used: 5 * 1024 * 1024,
    enabled: 1,
    company_id: 3,
    company_name: 'Acme',
    port: 1194,
    disabled_on_company_data_used: 0,
    disabled_for_inactive: 0,
    disabled_for_inactive_without_users: 0,
    disabled_because_expired: 0,
    start_time: null,
    end_time: null,
    ca_crt_expire_at: '2046-02-03 10:00:00',
    server_crt_expire_at: '2036-02-03 10:00:00',
    updated_at: '2026-02-03 10:00:00',
    created_at: '2026-02-03 10:00:00',
    tags: [],
    hub_zone: 'local',
    vpn_type: 'tun',
    protocol: 'udp',
    ip: '10.8.0.0',
    netmask: '255.255.255.0',
    hub_address: '10.8.0.1',
    disabled_until: null,
    status: { state: 'running', error: null },
    devices_count: 2,
    users_count: 1,
    sessions_count: 1,
    routes_count: 0,
    ...overrides,
  };
}

export function client(overrides: Partial<VpnClient> = {}): VpnClient {
  return {
    id: 11,
    name: 'RUT955 depot',
    type: 'device',
    object_id: 42,
    ip: '10.8.0.2',
    enabled: 1,
    company_id: 3,
    company_name: 'Acme',
    vpn_hub_id: 5,
    vpn_hub_name: 'Office hub',
    model: 'RUT955',
    is_facelift: 0,
    status: 1,
    is_esim_bootstrap: false,
    common_name: 'device-42',
    mode: 'dhcp',
    static_ip: null,
    expires_at: null,
    cert_expire_at: '2036-02-03 10:00:00',
    forward_lan: true,
    forward_wan: false,
    routes_count: 0,
    connected: false,
    session: null,
    created_at: '2026-02-03 10:00:00',
    ...overrides,
  };
}

export function host(overrides: Partial<VpnHubHost> = {}): VpnHubHost {
  return {
    zone: 'local',
    available: true,
    version: '2.6.3',
    reason: null,
    fix: null,
    port_min: 1194,
    port_max: 1294,
    public_host: 'vpn.example.com',
    ...overrides,
  };
}

export function profile(overrides: Partial<VpnProfile> = {}): VpnProfile {
  return {
    vpn_hub_user_id: 12,
    vpn_hub_id: 5,
    name: 'alice',
    file_name: 'office-hub-alice.ovpn',
    content: 'client\ndev tun\nproto udp\nremote vpn.example.com 1194\n',
    download_url: 'https://console.example.com/api/vpn/profiles/12/token',
    expires_at: '2026-02-04 10:00:00',
    ...overrides,
  };
}
