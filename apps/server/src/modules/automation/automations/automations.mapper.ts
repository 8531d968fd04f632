import {
  AUTOMATION_ACTION_STATUSES,
  type Automation,
  type AutomationDevice,
  type AutomationLog,
  type AutomationLogDetail,
  type AutomationScope,
  automationParameterOf,
  type ConditionsBody,
} from '@netfleet/contracts';
import { isoOrNull } from '@/lib/dates';
import type { AutomationDevicesRepository } from './automation-devices.repository';
import type { AutomationLogRow, AutomationLogsRepository } from './automation-logs.repository';
import type { AutomationRow } from './automations.repository';

type DeviceRow = Awaited<ReturnType<AutomationDevicesRepository['list']>>['rows'][number];
type ActionRow = Awaited<ReturnType<AutomationLogsRepository['actionsOf']>>[number];

/**
 * RMS data_group: the telemetry category the rule's first parameter is read from, or `events`
 * for a rule on events.
 */
export const dataGroupOf = (body: ConditionsBody): string => {
  const key = body[0]?.expression[0]?.parameter;
  const source = key === undefined ? undefined : automationParameterOf(key)?.source;
  return !source || source === 'event' ? 'events' : source;
};

/** Keys sorted, so a body read back from jsonb compares equal to the one sent. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, entry]) => entry !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, entry]) => [key, canonical(entry)]),
    );
  return value;
};
export const sameBody = (a: ConditionsBody, b: ConditionsBody) =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

export const toAutomation = (row: AutomationRow, scope: AutomationScope): Automation => ({
  id: row.id,
  name: row.name,
  description: row.description,
  data_group: row.dataGroup,
  company_id: row.companyId,
  user_id: row.userId,
  cooldown_duration: row.cooldownDuration,
  cooldown_enabled: row.cooldownEnabled,
  delay_enabled: row.delayEnabled,
  delay_repetitions_count: row.delayRepetitionsCount,
  delay_duration: row.delayDuration,
  automation_version: String(row.automationVersion),
  conditions_body_version: String(row.conditionsBodyVersion),
  total_triggered_count: row.totalTriggeredCount,
  period_triggered_count: row.periodTriggeredCount,
  period_trigger_limit: row.periodTriggerLimit,
  enabled: row.enabled,
  devices_count: row.devicesCount,
  active_devices_count: row.activeDevicesCount,
  period_latest_reset: row.periodLatestReset.toISOString(),
  created_at: row.createdAt.toISOString(),
  conditions_body: row.conditionsBody as Automation['conditions_body'],
  renotify_interval: row.renotifyInterval,
  scope,
});

export const toAutomationDevice = (
  row: DeviceRow,
  rule: { id: number; periodTriggerLimit: number | null },
): AutomationDevice => ({
  device_id: row.deviceId,
  automation_id: rule.id,
  total_triggered_count: row.totalTriggeredCount ?? 0,
  period_triggered_count: row.periodTriggeredCount ?? 0,
  period_trigger_limit: rule.periodTriggerLimit,
  period_latest_reset: isoOrNull(row.periodLatestReset),
  last_triggered_at: isoOrNull(row.lastTriggeredAt),
  created_at: (row.createdAt ?? row.deviceCreatedAt).toISOString(),
  enabled: row.enabled ?? true,
  mac: row.mac,
  serial: row.serial ?? '',
  device_name: row.deviceName ?? '',
  firmware: row.firmware,
});

/** A log answers the body it was evaluated with; the rule's current one if that revision is gone. */
export const toAutomationLog = (row: AutomationLogRow, current: ConditionsBody): AutomationLog => ({
  company_id: row.companyId,
  company_name: row.companyName,
  created_at: row.createdAt.toISOString(),
  device_id: row.deviceId ?? 0,
  device_name: row.deviceName ?? '',
  evaluated_conditions: row.evaluatedConditions,
  evaluated_parameters: row.evaluatedParameters,
  evaluation_id: row.evaluationId,
  mac: row.mac,
  overall_status: row.overallStatus,
  kind: row.kind as AutomationLog['kind'],
  reason: row.reason,
  serial: row.serial ?? '',
  conditions_body: (row.conditionsBody ?? current) as AutomationLog['conditions_body'],
});

/** RMS action_status: pending while any action waits or runs, failed if any failed, else success. */
export const toAutomationLogDetail = (
  row: AutomationLogRow,
  current: ConditionsBody,
  actions: readonly ActionRow[],
): AutomationLogDetail => {
  const { conditions_body: conditions, ...log } = toAutomationLog(row, current);
  const failed = actions.filter((action) => action.status === 'failed');
  const pending = actions.some(
    (action) => action.status === 'pending' || action.status === 'running',
  );
  const status = pending
    ? AUTOMATION_ACTION_STATUSES.pending
    : failed.length
      ? AUTOMATION_ACTION_STATUSES.failed
      : AUTOMATION_ACTION_STATUSES.success;
  const message =
    status === AUTOMATION_ACTION_STATUSES.pending
      ? 'Pending'
      : status === AUTOMATION_ACTION_STATUSES.failed
        ? failed.map((action) => `${action.name}: ${action.error ?? 'failed'}`).join('; ')
        : 'Succeeded';
  return { ...log, conditions, action_status: status, action_status_message: message };
};
