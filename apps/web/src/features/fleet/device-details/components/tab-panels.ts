import type { ComponentType } from 'react';
import { ActivityTab } from './activity-tab';
import { AlertsTab } from './alerts-tab';
import { DataUsageTab } from './data-usage-tab';
import { HistoryTab } from './history-tab';
import { LocationTab } from './location-tab';
import { MetricsTab } from './metrics-tab';
import { NetworkTab } from './network-tab';
import { PortsTab } from './ports-tab';
import { ServicesTab } from './services-tab';
import type { DeviceTabProps } from './tab-props';

/**
 * The panel of each tab of DEVICE_TAB_RULES, by its value. Tabs whose content another feature
 * gives (dashboards) have none here: the app layer passes it as the tab's section (pages.ts).
 */
export const TAB_PANELS: Readonly<Record<string, ComponentType<DeviceTabProps>>> = {
  activity: ActivityTab,
  alerts: AlertsTab,
  location: LocationTab,
  'data-usage': DataUsageTab,
  'ports-and-access': PortsTab,
  services: ServicesTab,
  network: NetworkTab,
  'monitoring-parameters-history': HistoryTab,
  metrics: MetricsTab,
};
