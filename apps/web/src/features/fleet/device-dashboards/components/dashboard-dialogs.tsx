import type { Device, DeviceDashboard, DeviceDashboardWidgetInput } from '@netfleet/contracts';
import { type DialogOptions, dialogs } from '@/components/dialogs';
import { DASHBOARD_TEXTS as T } from '../texts';
import { DashboardForm, type DashboardFormProps } from './dashboard-form';
import { WidgetForm } from './widget-form';

/** Spec §2 named dialog 'dashboards': a new dashboard of a device, or changes to one. */
export function dashboardDialog(props: DashboardFormProps): DialogOptions {
  return {
    id: 'dashboards',
    title: props.dashboard ? T.editTitle : T.createTitle,
    ...(props.dashboard ? { subtitle: props.dashboard.name } : {}),
    size: 'md',
    main: true,
    content: <DashboardForm {...props} />,
  };
}

export function openDashboardDialog(props: DashboardFormProps): void {
  dialogs.open(dashboardDialog(props));
}

export function openWidgetDialog(
  dashboard: DeviceDashboard,
  device: Device,
  add: (widget: DeviceDashboardWidgetInput) => Promise<void>,
): void {
  dialogs.open({
    id: 'dashboards.widget',
    title: T.addWidgetTitle,
    subtitle: dashboard.name,
    size: 'md',
    main: true,
    content: <WidgetForm device={device} add={add} />,
  });
}
