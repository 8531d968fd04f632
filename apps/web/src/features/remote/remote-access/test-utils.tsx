// Test-only: the remote access pages' route harness (src/test/render-route) and their fixtures.
import type { AccessRule, ConnectSession } from '@netfleet/contracts';

export { currentLocation, dialog, lastBody, listOk, renderWithSession } from '@/test/render-route';

export function rule(overrides: Partial<AccessRule> = {}): AccessRule {
  return {
    id: 5,
    device_id: 42,
    name: 'Router web UI',
    destination_ip: '127.0.0.1',
    destination_port: 443,
    protocol: 'https',
    is_main: false,
    credentials_required: false,
    mqtt: 0,
    device_name: 'Depot router',
    device_description: '',
    is_esim_bootstrap: null,
    tags: [],
    company_name: 'Acme',
    created_at: '2026-02-03 10:00:00',
    company_id: 3,
    device_status: 1,
    shared_with: [],
    active_sessions: 0,
    ...overrides,
  };
}

export function session(overrides: Partial<ConnectSession> = {}): ConnectSession {
  return {
    id: 77,
    type: 'lan-webui',
    device_id: 42,
    device_name: 'Depot router',
    access_id: 5,
    protocol: 'https',
    destination_ip: '127.0.0.1',
    destination_port: 443,
    start_time: 1_790_000_000,
    end_time: null,
    input_data: 2048,
    output_data: 5 * 1024 * 1024,
    username: 'ada@example.com',
    company_name: 'Acme',
    url: 'https://s77.proxy.example/launch?code=first',
    ttl: 3600,
    active: true,
    ...overrides,
  };
}
