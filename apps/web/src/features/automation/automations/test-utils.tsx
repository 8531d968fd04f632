// Test-only: the automation pages' route harness (src/test/render-route) and fixtures.
import {
  toApiDate,
  type Automation,
  type AutomationDevice,
  type AutomationLog,
  type AutomationLogDetail,
  type AutomationPreview,
  type Silence,
} from '@netfleet/contracts';

export { currentLocation, dialog, lastBody, listOk, renderWithSession } from '@/test/render-route';

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

export function automation(overrides: Partial<Automation> = {}): Automation {
  return {
    id: 12,
    name: 'Weak signal',
    description: 'Signal below -110 dBm',
    data_group: 'dynamic',
    company_id: 3,
    user_id: 7,
    cooldown_duration: 0,
    cooldown_enabled: false,
    delay_enabled: true,
    delay_repetitions_count: 0,
    delay_duration: 300,
    automation_version: '1',
    conditions_body_version: '1',
    total_triggered_count: 4,
    period_triggered_count: 1,
    period_trigger_limit: null,
    enabled: true,
    devices_count: 3,
    active_devices_count: 2,
    period_latest_reset: '2026-11-29T00:00:00Z',
    created_at: '2026-11-20T10:00:00Z',
    conditions_body: [
      {
        type: 'if',
        expression: [{ parameter: 'signal', operator: '<', value: -110, hysteresis: 3 }],
        actions: [
          { name: 'SendNotification', options: { message: 'Weak signal', receiving_users: ['7'] } },
        ],
      },
    ],
    renotify_interval: 0,
    scope: { tag_id: [], company_id: [] },
    ...overrides,
  };
}

export function automationLog(overrides: Partial<AutomationLog> = {}): AutomationLog {
  return {
    company_id: 3,
    company_name: 'Acme',
    created_at: '2026-11-29T10:15:00Z',
    device_id: 42,
    device_name: 'Depot router',
    evaluated_conditions: [{ key: 'cond_0', value: true }],
    evaluated_parameters: [{ key: 'signal', value: -118 }],
    evaluation_id: 'ev-1',
    mac: '00:1E:42:00:00:01',
    overall_status: 'failed',
    serial: '1100000042',
    conditions_body: automation().conditions_body,
    ...overrides,
  };
}

export function logDetail(overrides: Partial<AutomationLogDetail> = {}): AutomationLogDetail {
  const { conditions_body: conditions, ...log } = automationLog();
  return {
    ...log,
    conditions,
    action_status: 2,
    action_status_message: 'SendEmail: mail server refused the recipient',
    ...overrides,
  };
}

export function automationDevice(overrides: Partial<AutomationDevice> = {}): AutomationDevice {
  return {
    device_id: 42,
    automation_id: 12,
    total_triggered_count: 3,
    period_triggered_count: 1,
    period_trigger_limit: null,
    period_latest_reset: null,
    last_triggered_at: '2026-11-29T10:15:00Z',
    created_at: '2026-11-20T10:00:00Z',
    enabled: true,
    mac: null,
    serial: '1100000042',
    device_name: 'Depot router',
    firmware: 'RUTX_R_00.07.08',
    ...overrides,
  };
}

export function preview(overrides: Partial<AutomationPreview> = {}): AutomationPreview {
  return {
    hours: 24,
    fired: 7,
    resolved: 5,
    devices_evaluated: 40,
    devices_in_scope: 40,
    truncated: false,
    thinned: true,
    unreplayed_parameters: [],
    per_device: [{ device_id: 42, device_name: 'Depot router', fired: 4, resolved: 3 }],
    ...overrides,
  };
}

const HOUR_MS = 3_600_000;
/** An API date `hours` from now (negative: ago). */
export const hoursFromNow = (hours: number) => toApiDate(new Date(Date.now() + hours * HOUR_MS));

/** A silence active now: an hour ago until an hour on, two devices and a tag, all rules. */
export function silence(overrides: Partial<Silence> = {}): Silence {
  return {
    id: 5,
    name: 'Maintenance',
    company_id: 3,
    created_by: 7,
    automation_ids: [],
    device_ids: [42, 43],
    tag_ids: [9],
    starts_at: hoursFromNow(-1),
    ends_at: hoursFromNow(1),
    recurrence: null,
    notify_after: true,
    created_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}
