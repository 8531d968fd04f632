import type { ComponentType } from 'react';
import type { Permission } from '@netfleet/contracts';
import { ActionLogsTab } from './components/action-logs-tab';
import { ConnectionManagerTab } from './components/connection-manager-tab';
import { GeneralTab } from './components/general-tab';
import { MonthsTab } from './components/months-tab';
import { OnlineDevicesTab } from './components/online-devices-tab';
import { UniqueDevicesTab } from './components/unique-devices-tab';
import type { STATISTICS_TEXTS } from './texts';

export type StatisticsTabName = keyof typeof STATISTICS_TEXTS.tabs;

export interface StatisticsTab {
  value: StatisticsTabName;
  panel: ComponentType;
  /** Needed beyond the page's view_statistics: what the tab's endpoint declares. */
  permission?: Permission;
}

/** Spec §2 order: general, connection-manager, months-stats, online-devices, action-logs, unique. */
export const STATISTICS_TABS: readonly StatisticsTab[] = [
  { value: 'general', panel: GeneralTab, permission: 'view_devices' },
  { value: 'connection-manager', panel: ConnectionManagerTab, permission: 'view_device_logs' },
  { value: 'months-stats', panel: MonthsTab },
  { value: 'online-devices', panel: OnlineDevicesTab },
  { value: 'action-logs', panel: ActionLogsTab, permission: 'view_devices' },
  { value: 'unique-devices', panel: UniqueDevicesTab },
];

export const statisticsPath = (tab: StatisticsTabName): string => `/statistics/${tab}`;
