// Spec §2 tabs of /devices/{id}: which ones a device shows follows its capability flags (spec §3)
// and the user's permissions. Tabs of later features (remote access sessions) are added by those
// issues; the app layer gives other features' tabs their content (see DeviceTabSections).
import { hasPermission, type Device, type PermissionRequirement } from '@netfleet/contracts';
import { DEVICE_TEXTS as T } from '../texts';

export interface TabRule {
  value: string;
  label: string;
  permission?: PermissionRequirement;
  /** Capability the device needs for this tab (or what the user may do with it). */
  requires?: (device: Device, permissions: readonly string[]) => boolean;
  /** Sub tabs; the tab shows when at least one does, the first shown is the default. */
  subs?: readonly TabRule[];
}

const hasPosition = (device: Device) =>
  (device.latitude !== null && device.longitude !== null) ||
  (device.user_set_latitude !== null && device.user_set_longitude !== null);

export const DEVICE_TAB_RULES: readonly TabRule[] = [
  {
    value: 'activity',
    label: T.activity,
    subs: [
      { value: 'device-logs', label: T.deviceLogs },
      { value: 'connection-log', label: T.connectionLog, permission: 'view_device_logs' },
    ],
  },
  // Issue 18: the device's alert history, its own alerts and the automations' events.
  { value: 'alerts', label: T.alerts, permission: 'view_device_alert_configurations' },
  {
    value: 'location',
    label: T.location,
    // Without GPS or a position, the tab is there for whoever may place the device on the map.
    requires: (device, permissions) =>
      device.has_gps || hasPosition(device) || hasPermission(permissions, 'update_devices'),
  },
  // Issue 21: the device's dashboards; the sub path is a dashboard's id (dashboards/{id}).
  { value: 'dashboards', label: T.dashboards, permission: 'view_device_dashboard' },
  { value: 'data-usage', label: T.dataUsage, requires: (device) => device.has_data_usage },
  { value: 'ports-and-access', label: T.portsAndAccess, permission: 'view_device_remote_access' },
  // Every device: its management credit (issue 20), then the services it reports, if any.
  { value: 'services', label: T.services, permission: 'update_device_credit_status' },
  { value: 'network', label: T.network, permission: 'create_multi_configuration' },
  { value: 'monitoring-parameters-history', label: T.history },
  {
    value: 'metrics',
    label: T.metrics,
    subs: [
      { value: 'dynamic', label: T.dynamic },
      { value: 'mobile-data', label: T.mobileData, requires: (device) => device.has_mobile },
      { value: 'io', label: T.io, requires: (device) => device.has_io },
      { value: 'gps', label: T.gps, requires: (device) => device.has_gps },
    ],
  },
];

function allowed(rule: TabRule, device: Device, permissions: readonly string[]): boolean {
  if (rule.permission && !hasPermission(permissions, rule.permission)) return false;
  return !rule.requires || rule.requires(device, permissions);
}

/** The tabs (with their sub tabs) this device shows to this user, in spec order. */
export function visibleTabs(
  rules: readonly TabRule[],
  device: Device,
  permissions: readonly string[],
): TabRule[] {
  return rules.flatMap((rule) => {
    if (!allowed(rule, device, permissions)) return [];
    if (!rule.subs) return [rule];
    const subs = rule.subs.filter((sub) => allowed(sub, device, permissions));
    return subs.length > 0 ? [{ ...rule, subs }] : [];
  });
}
