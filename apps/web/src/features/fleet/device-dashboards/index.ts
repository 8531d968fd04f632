export { DeviceDashboardsTab, type DashboardsTabProps } from './components/dashboards-tab';
export { dashboardDialog } from './components/dashboard-dialogs';
export type { DashboardFormProps as DashboardDialogProps } from './components/dashboard-form';
export { MobileDashboardPage } from './pages/mobile-dashboard-page';
