// Test-only: the device alerts dialog opened over a page, its fixtures and the action status spy.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { AlertConfig, AlertConfigListItem, CurrentUser } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { registerActionStatus, type ActionStatusHandler } from '@/lib/action-status';
import type { MockHandler } from '@/test/mock-api';
import { dialog, renderWithSession } from '@/test/render-route';
import { deviceAlertsDialog } from './components/device-alerts-dialog';
import type { DeviceRef } from './model/device-ref';

export { lastBody, listOk } from '@/test/render-route';

export const actionStatusOpened = vi.fn<ActionStatusHandler>();
let unregister: (() => void) | undefined;

beforeEach(() => {
  unregister = registerActionStatus(actionStatusOpened);
});

afterEach(() => {
  unregister?.();
  actionStatusOpened.mockReset();
});

export const CONFIGS = 'GET /api/alerts-configurations';
export const ADD = 'POST /api/devices/alerts-configurations';

export const DEVICE: DeviceRef = { id: 11, name: 'Gate router' };

/** A failed save as the server answers it: 422 with each problem's body path. */
export function unprocessable(errors: { message: string; source: string | null }[]): Response {
  return new Response(
    JSON.stringify({
      success: false,
      errors: errors.map((error) => ({ code: 'VALIDATION_ERROR', ...error })),
    }),
    {
      status: 422,
      statusText: 'Unprocessable Entity',
      headers: { 'Content-Type': 'application/json' },
    },
  );
}

/** A write's answer: the channel of the devices' `alerts_config` jobs. */
export const channelAnswer = (status = 200) =>
  new Response(JSON.stringify({ success: true, meta: { channel: 'alerts-7' } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export function configItem(overrides: Partial<AlertConfigListItem> = {}): AlertConfigListItem {
  return {
    id: 31,
    device_id: 11,
    receiver: 'ops@example.com',
    message: 'Router %rn rebooted at %ts',
    enable: true,
    type: 'Device event',
    subtype: 'Device rebooted',
    user_id: 7,
    alert_type_id: 1,
    alert_subtype_id: 1,
    created_at: '2026-11-20 12:00:00',
    ...overrides,
  };
}

export function configDetail(overrides: Partial<AlertConfig> = {}): AlertConfig {
  return {
    id: 31,
    device_id: 11,
    company_id: 3,
    alert_type_id: 1,
    alert_subtype_id: 1,
    smtp_config_id: null,
    email_to: 'ops@example.com',
    subject: 'Reboot',
    message: 'Router %rn rebooted at %ts',
    email_type: true,
    enable: true,
    redundancy_enable: false,
    redundancy_interval: 0,
    type: 'web',
    user_id: 7,
    created_at: '2026-11-20 12:00:00',
    updated_at: '2026-11-20 12:00:00',
    ...overrides,
  };
}

/** Opens the dialog for `devices` with these API handlers. */
export async function openDeviceAlerts(
  user: CurrentUser,
  api: Record<string, MockHandler>,
  devices: readonly DeviceRef[] = [DEVICE],
) {
  const view = renderWithSession(
    <button onClick={() => dialogs.open(deviceAlertsDialog({ devices }))}>Open</button>,
    { url: '/management/devices', path: '/management/devices', user, api },
  );
  await view.user.click(screen.getByRole('button', { name: 'Open' }));
  return { view, alerts: await dialog(/^Device alerts/) };
}
