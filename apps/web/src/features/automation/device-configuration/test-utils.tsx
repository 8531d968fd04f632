// Test-only: the device configuration page's route harness (src/test/render-route) and fixtures.
import type {
  ConfigAction,
  ConfigActionDevice,
  ConfigRequest,
  ConfigTemplate,
} from '@netfleet/contracts';
import type { DevicePick } from './api/get-devices';

export { currentLocation, dialog, lastBody, listOk, renderWithSession } from '@/test/render-route';

export const DEVICE_CONFIGURATION_URL = '/device-configuration';

const LAN_REQUESTS: ConfigRequest[] = [
  {
    path: '/network/lan',
    method: 'put',
    content_type: 'application/json',
    request_data: { ipaddr: '192.168.10.1', dns: ['1.1.1.1', '8.8.8.8'], gateway: null },
  },
  {
    path: '/firewall/ssh',
    method: 'post',
    content_type: 'application/json',
    request_data: { '.type': 'rule', name: 'Allow SSH', dest_port: '22', target: 'ACCEPT' },
  },
];

export function configTemplate(overrides: Partial<ConfigTemplate> = {}): ConfigTemplate {
  return {
    id: 5,
    company_id: 3,
    company_name: 'Acme',
    name: 'Office LAN',
    version: '1.2.0',
    template: JSON.stringify(LAN_REQUESTS),
    device_model: 'RUTX',
    firmware: '07.06.1',
    min_firmware: '07.06',
    max_firmware: null,
    created_at: '2026-11-01 10:00:00',
    updated_at: '2026-11-01 10:00:00',
    ...overrides,
  };
}

export function configAction(overrides: Partial<ConfigAction> = {}): ConfigAction {
  return {
    name: 'config-20261120-0001',
    kind: 'template',
    company_id: 3,
    template_id: 5,
    template_name: 'Office LAN',
    rollback_of: null,
    requests: LAN_REQUESTS,
    user_email: 'ada@example.com',
    channel: 'private-status.7.Cfg0001action0000a1',
    devices: 2,
    completed: 1,
    failed: 0,
    pending: 1,
    created_at: '2026-11-20 12:00:00',
    ...overrides,
  };
}

export function actionDevice(overrides: Partial<ConfigActionDevice> = {}): ConfigActionDevice {
  return {
    device_id: 42,
    device_name: 'Depot router',
    serial: '1100000042',
    model: 'RUTX11',
    status: 'completed',
    message: null,
    changes: [
      { path: '/network/lan', option: 'ipaddr', before: '192.168.1.1', after: '192.168.10.1' },
      { path: '/network/lan', option: 'gateway', before: '192.168.1.254', after: null },
      { path: '/firewall/ssh', option: 'dest_port', before: null, after: '22' },
    ],
    values: null,
    finished_at: '2026-11-20 12:00:30',
    ...overrides,
  };
}

export function devicePick(overrides: Partial<DevicePick> = {}): DevicePick {
  return {
    id: 42,
    name: 'Depot router',
    serial: '1100000042',
    model: 'RUTX11',
    firmware: 'RUTX_R_00.07.06.1',
    ...overrides,
  };
}
