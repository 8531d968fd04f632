// Spec §2 "Modal dialogs by name": the administration dialogs that are built, under their spec
// names, composed here because features never import each other. Form dialogs come from the form
// registry and the others from their feature, each loaded on first use, as pages are.
import type { Role } from '@netfleet/contracts';
import { type ChartDialogProps, loadChartDialog } from '@/components/charts';
import {
  type DialogOptions,
  jsonViewerDialog,
  type JsonViewerProps,
  textViewerDialog,
  type TextViewerProps,
} from '@/components/dialogs';
import type { MfaSetupOptions } from '@/features/identity/account';
import type { DeviceAlertsDialogProps } from '@/features/automation/device-alerts';
import type { DashboardDialogProps } from '@/features/fleet/device-dashboards';
import type { MultiConfigurationProps } from '@/features/automation/device-configuration';
import type { PasswordManagerDialogProps } from '@/features/fleet/device-passwords';
import type { SetPackDialogProps } from '@/features/business/credits';
import type { HotspotTarget, WifiQrTarget } from '@/features/fleet/wireless';
import type { AccessInfoTarget, DeviceRef } from '@/features/remote/remote-access';
import type { AddClientsTarget, ConfigTarget, ConnectDetailsTarget } from '@/features/remote/vpn';
import type { ServicesDevice } from '@/features/fleet/device-services';
import { loadCreditsPages } from '@/features/business/credits';
import { loadReportsPages } from '@/features/business/reports';
import { registeredFormDialog } from './forms';
import { loadChunk } from './router/lazy-page';

/** Props of the dialogs that open one record. */
interface RecordRef {
  id: number;
}

/** A registered form as the main dialog; `id` is the record an edit form loads. */
function formNamed(name: string) {
  return (ref?: RecordRef) => registeredFormDialog(name, ref ? { id: String(ref.id) } : {});
}

function lazyDialog<M, P>(load: () => Promise<M>, build: (module: M, props: P) => DialogOptions) {
  return async (props: P) => build(await loadChunk(load), props);
}

const companies = () => import('@/features/organisation/companies');
const roles = () => import('@/features/organisation/roles');
const account = () => import('@/features/identity/account');
const wireless = () => import('@/features/fleet/wireless');
const remoteAccess = () => import('@/features/remote/remote-access');
const vpn = () => import('@/features/remote/vpn');
const devicePasswords = () => import('@/features/fleet/device-passwords');
const deviceConfiguration = () => import('@/features/automation/device-configuration');
const deviceAlerts = () => import('@/features/automation/device-alerts');
const deviceDashboards = () => import('@/features/fleet/device-dashboards');
const deviceServices = () => import('@/features/fleet/device-services');
const deviceDetails = () => import('@/features/fleet/device-details');

export const NAMED_DIALOGS = {
  'company.new': formNamed('new-company'),
  'company.edit': formNamed('edit-company'),
  'company.flags': formNamed('company-flags'),
  'company.move-users': lazyDialog(companies, (m, { id }: RecordRef) => m.moveUsersDialog(id)),
  'roles.new': lazyDialog(roles, (m) => m.roleEditorDialog()),
  'roles.edit-user-role': lazyDialog(roles, (m, role: Role) => m.roleEditorDialog(role)),
  'roles.permissions-table': lazyDialog(roles, (m, role: Pick<Role, 'id' | 'title'>) =>
    m.rolePermissionsDialog(role),
  ),
  'reports.new': formNamed('new-report'),
  // A template's generated reports: { id, name }.
  'reports.generated-list': lazyDialog(
    loadReportsPages,
    (m, template: RecordRef & { name: string }) => m.generatedListDialog(template),
  ),
  // The resources pages open it by name (features never import each other).
  'reports.credit-report': lazyDialog(loadReportsPages, (m) => m.creditReportDialog()),
  'smtp.create': formNamed('smtp-config-create'),
  'smtp.config': formNamed('smtp-config-edit'),
  'mfa.change': lazyDialog(account, (m, options: MfaSetupOptions | undefined) =>
    m.mfaSetupDialog(options),
  ),
  // A device's hotspot: { device_id, index, ssid, device_name }.
  'hotspot.users': lazyDialog(wireless, (m, hotspot: HotspotTarget) =>
    m.hotspotUsersDialog(hotspot),
  ),
  // A device's Wi-Fi network: { ssid, device_name? } (the key is typed in the dialog).
  'wifi.qr-code': lazyDialog(wireless, (m, target: WifiQrTarget) => m.wifiQrDialog(target)),
  // A has_esim device's eSIM profiles: { id, name }.
  'esim.configuration': lazyDialog(deviceDetails, (m, device: RecordRef & { name: string }) =>
    m.esimConfigurationDialog(device),
  ),
  // Optionally for one device: { id, name }.
  'remote-access.add': lazyDialog(remoteAccess, (m, device: DeviceRef | undefined) =>
    m.addAccessRuleDialog(device),
  ),
  'remote-access.info': lazyDialog(remoteAccess, (m, target: AccessInfoTarget) =>
    m.accessInfoDialog(target),
  ),
  // Device actions of the device page: { id, name }.
  'device-actions.web-ui': lazyDialog(remoteAccess, (m, device: DeviceRef) =>
    m.webUiDialog(device),
  ),
  'device-actions.cli': lazyDialog(remoteAccess, (m, device: DeviceRef) => m.cliDialog(device)),
  // Device actions of the device page where the firmware has them: { id, name }.
  'device-actions.dynamic-dns': lazyDialog(deviceServices, (m, device: ServicesDevice) =>
    m.dynamicDnsDialog(device),
  ),
  'device-actions.site-blocking': lazyDialog(deviceServices, (m, device: ServicesDevice) =>
    m.siteBlockingDialog(device),
  ),
  'vpn.add-hub': lazyDialog(vpn, (m) => m.addHubDialog()),
  'vpn.quick-connect': lazyDialog(vpn, (m) => m.quickConnectDialog()),
  // A hub's: { hubId }.
  'vpn.add-clients': lazyDialog(vpn, (m, target: AddClientsTarget) => m.addClientsDialog(target)),
  'vpn.add-routes': lazyDialog(vpn, (m, target: { hubId: number }) => m.addRoutesDialog(target)),
  // A user client's profile: { id, name }.
  'vpn.config': lazyDialog(vpn, (m, client: ConfigTarget) => m.configDialog(client)),
  // A client's session: { name, session }.
  'vpn.connect-details': lazyDialog(vpn, (m, client: ConnectDetailsTarget) =>
    m.connectDetailsDialog(client),
  ),
  // Device action of the devices list, for the rows chosen: { devices: [{ id, name }] }.
  'device-actions.password-manager': lazyDialog(
    devicePasswords,
    (m, props: PasswordManagerDialogProps) => m.passwordManagerDialog(props),
  ),
  // Data packs for the devices list's selection or the device page's device:
  // { devices: [{ id, name, company_id }], onDone }.
  'device-actions.set-pack': lazyDialog(loadCreditsPages, (m, props: SetPackDialogProps) =>
    m.setPackDialog(props),
  ),
  // Device-side alert configurations of one device (the device page) or the devices list's
  // selection: { devices: [{ id, name }] }; 'alerts.create' opens on the add form.
  'alerts.device-alerts': lazyDialog(deviceAlerts, (m, props: DeviceAlertsDialogProps) =>
    m.deviceAlertsDialog(props),
  ),
  'alerts.create': lazyDialog(deviceAlerts, (m, props: DeviceAlertsDialogProps) =>
    m.createAlertDialog(props),
  ),
  // A new dashboard of a device, or changes to one: { deviceId, dashboard?, onCreated? }.
  dashboards: lazyDialog(deviceDashboards, (m, props: DashboardDialogProps) =>
    m.dashboardDialog(props),
  ),
  // A long text or a JSON document with copy and download: { title, text } / { title, value }.
  text: (props: TextViewerProps) => textViewerDialog(props),
  'json-viewer': (props: JsonViewerProps) => jsonViewerDialog(props),
  // One chart full size, zoomable, with its legend and CSV: { title, data, formatValue?, range? }.
  chart: lazyDialog(loadChartDialog, (m, props: ChartDialogProps) => m.chartDialog(props)),
  // The devices list's selection: { devices: [{ id, name }] }.
  'multi-configuration': lazyDialog(deviceConfiguration, (m, props: MultiConfigurationProps) =>
    m.multiConfigurationDialog(props),
  ),
};
