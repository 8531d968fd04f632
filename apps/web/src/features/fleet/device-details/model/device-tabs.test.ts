import { describe, expect, it } from 'vitest';
import { device } from '../test-utils';
import { DEVICE_TAB_RULES, visibleTabs } from './device-tabs';

const ALL = [
  'view_devices',
  'view_device_logs',
  'view_device_remote_access',
  'update_device_credit_status',
  'create_multi_configuration',
];

const shown = (flags: Parameters<typeof device>[0], permissions: readonly string[] = ALL) =>
  visibleTabs(DEVICE_TAB_RULES, device(flags), permissions).map((tab) =>
    tab.subs ? `${tab.value}(${tab.subs.map((sub) => sub.value).join(',')})` : tab.value,
  );

describe('device tabs', () => {
  it('shows only the base tabs for a device without GPS, mobile, IO or data usage', () => {
    expect(shown({})).toEqual([
      'activity(device-logs,connection-log)',
      'ports-and-access',
      // Every device has a management credit to manage.
      'services',
      'network',
      'monitoring-parameters-history',
      'metrics(dynamic)',
    ]);
  });

  it('adds the tabs and metrics its capability flags allow', () => {
    expect(
      shown({
        has_gps: true,
        has_mobile: true,
        has_io: true,
        has_data_usage: true,
        has_ddns: true,
      }),
    ).toEqual([
      'activity(device-logs,connection-log)',
      'location',
      'data-usage',
      'ports-and-access',
      'services',
      'network',
      'monitoring-parameters-history',
      'metrics(dynamic,mobile-data,io,gps)',
    ]);
  });

  it('shows the dashboards tab to whoever may view device dashboards', () => {
    expect(shown({})).not.toContain('dashboards');
    expect(shown({}, [...ALL, 'view_device_dashboard'])).toEqual([
      'activity(device-logs,connection-log)',
      'dashboards',
      'ports-and-access',
      'services',
      'network',
      'monitoring-parameters-history',
      'metrics(dynamic)',
    ]);
  });

  it('shows the location of a device a user placed on the map, even without GPS', () => {
    expect(shown({ user_set_latitude: 54.7, user_set_longitude: 25.3 })).toContain('location');
  });

  it('offers the location tab to whoever may place a device without GPS on the map', () => {
    expect(shown({}, [...ALL, 'update_devices'])).toContain('location');
    expect(shown({})).not.toContain('location');
  });

  it('shows the alert history to whoever may view alerts, after the activity', () => {
    const tabs = shown({}, [...ALL, 'view_device_alert_configurations']);
    expect(tabs.slice(0, 2)).toEqual(['activity(device-logs,connection-log)', 'alerts']);
    expect(shown({})).not.toContain('alerts');
  });

  it('leaves out the tabs and sub tabs the user has no permission for', () => {
    const tabs = shown({ has_ddns: true }, ['view_devices', 'view_device_logs']);
    expect(tabs).not.toContain('ports-and-access');
    expect(tabs).not.toContain('services');
    expect(tabs).not.toContain('network');
    expect(shown({}, ['view_devices'])[0]).toBe('activity(device-logs)');
  });
});
