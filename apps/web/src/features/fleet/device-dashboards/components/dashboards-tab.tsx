import type { Device } from '@netfleet/contracts';
import { idOf } from '../paths';
import { DashboardList } from './dashboard-list';
import { DashboardView } from './dashboard-view';

export interface DashboardsTabProps {
  device: Device;
  /** The URL's sub path: a dashboard's id (dashboards/{dashboard_id}), or none for the list. */
  sub: string | undefined;
}

/** Spec §2 device page tab `dashboards` and `dashboards/{dashboard_id}`. */
export function DeviceDashboardsTab({ device, sub }: DashboardsTabProps) {
  const id = idOf(sub);
  // Keyed: another dashboard starts from its own state (period).
  return id === null ? (
    <DashboardList device={device} />
  ) : (
    <DashboardView key={id} device={device} dashboardId={id} layout="tab" />
  );
}
