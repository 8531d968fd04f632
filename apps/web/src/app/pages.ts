// Registry of the pages that are built: route name → lazy component. Only these routes are
// mounted and shown in the menu; each later issue adds its feature's pages here.
import type { ComponentType } from 'react';
import { loadCreditsPages } from '@/features/business/credits';
import { loadReportsPages } from '@/features/business/reports';
import { loadNoticesAdminPage } from '@/features/system/notices';
import { loadNotificationsPage } from '@/features/system/notifications';
import { lazyPage } from './router/lazy-page';

export type PageRegistry = Readonly<Record<string, ComponentType>>;

const auth = () => import('@/features/identity/auth');
const users = () => import('@/features/organisation/users');
const companies = () => import('@/features/organisation/companies');
const devices = () => import('@/features/fleet/devices');
const files = () => import('@/features/fleet/files');
const tags = () => import('@/features/organisation/tags');
const wireless = () => import('@/features/fleet/wireless');
const monitoringTemplates = () => import('@/features/fleet/monitoring-templates');
const dataCollection = () => import('@/features/fleet/data-collection');
const statistics = () => import('@/features/system/statistics');
const deviceDetails = () => import('@/features/fleet/device-details');
const deviceDashboards = () => import('@/features/fleet/device-dashboards');
const remoteAccess = () => import('@/features/remote/remote-access');
const connect = () => import('@/features/remote/connect');
const vpn = () => import('@/features/remote/vpn');
const deviceUpdates = () => import('@/features/fleet/device-updates');
const automations = () => import('@/features/automation/automations');

export const PAGES: PageRegistry = {
  login: lazyPage(auth, (m) => m.LoginPage),
  logout: lazyPage(auth, (m) => m.LogoutPage),
  'verify-email': lazyPage(auth, (m) => m.VerifyEmailPage),
  'forgot-password': lazyPage(auth, (m) => m.ForgotPasswordPage),
  'reset-password': lazyPage(auth, (m) => m.ResetPasswordPage),
  account: lazyPage(
    () => import('@/features/identity/account'),
    (m) => m.AccountPage,
  ),
  'users.impersonation-logs': lazyPage(users, (m) => m.ImpersonationLogsPage),
  'mail-logs': lazyPage(
    () => import('@/features/system/mail-logs'),
    (m) => m.MailLogsPage,
  ),
  'auth-devices': lazyPage(
    () => import('@/features/fleet/auth-devices'),
    (m) => m.AuthDevicesPage,
  ),
  'not-found': lazyPage(
    () => import('./not-found/not-found-page'),
    (m) => m.NotFoundPage,
  ),
  'notifications.main': lazyPage(loadNotificationsPage, (m) => m.NotificationsPage),
  notices: lazyPage(loadNoticesAdminPage, (m) => m.NoticesAdminPage),
  'users.list': lazyPage(users, (m) => m.UsersPage),
  'users.invitations': lazyPage(users, (m) => m.InvitationsPage),
  'users.move-logs': lazyPage(users, (m) => m.MoveLogsPage),
  'users.confirm-impersonation': lazyPage(users, (m) => m.ConfirmImpersonationPage),
  'users.roles': lazyPage(
    () => import('@/features/organisation/roles'),
    (m) => m.RolesPage,
  ),
  companies: lazyPage(companies, (m) => m.CompaniesPage),
  'companies.tree': lazyPage(companies, (m) => m.CompanyTreePage),
  // The company page's tabs come from several features; the app composes them.
  'company.info': lazyPage(
    () =>
      Promise.all([
        companies(),
        tags(),
        loadReportsPages(),
        loadCreditsPages(),
        devices(),
        files(),
        import('./company-tabs'),
      ]),
    ([
      companiesFeature,
      tagsFeature,
      reportsFeature,
      creditsFeature,
      devicesFeature,
      filesFeature,
      tabs,
    ]) =>
      companiesFeature.createCompanyPage(
        [
          tabs.companyDataHistoryTab(creditsFeature.companyResourcesTab),
          tagsFeature.companyTagsTab,
          tabs.companyFilesTab(filesFeature.CompanyFilesPanel),
          reportsFeature.companyReportsTab,
          creditsFeature.companyResourcesTab,
        ],
        [tabs.companyDevicesTab(devicesFeature.CompanyDevicesPanel)],
      ),
  ),
  'devices.list': lazyPage(devices, (m) => m.DevicesPage),
  // The device page's tabs show sections of other features; the app composes them.
  device: lazyPage(
    () => Promise.all([deviceDetails(), remoteAccess(), deviceDashboards(), wireless()]),
    ([deviceFeature, remoteFeature, dashboardsFeature, wirelessFeature]) =>
      deviceFeature.createDevicePage({
        'ports-and-access': remoteFeature.DeviceRemoteAccessPanel,
        dashboards: dashboardsFeature.DeviceDashboardsTab,
        services: wirelessFeature.DeviceWifiTraffic,
      }),
  ),
  // Standalone: one device dashboard laid out for a phone, without the shell.
  'remote.mobile': lazyPage(deviceDashboards, (m) => m.MobileDashboardPage),
  hotspots: lazyPage(wireless, (m) => m.HotspotsPage),
  wifi: lazyPage(wireless, (m) => m.WifiPage),
  tags: lazyPage(tags, (m) => m.TagsPage),
  tag: lazyPage(tags, (m) => m.TagPage),
  'services.pools': lazyPage(loadCreditsPages, (m) => m.PoolsPage),
  'services.credit-codes': lazyPage(loadCreditsPages, (m) => m.CodesPage),
  'services.credit-history': lazyPage(loadCreditsPages, (m) => m.CreditHistoryPage),
  'services.data-history': lazyPage(loadCreditsPages, (m) => m.DataHistoryPage),
  'redeem-code': lazyPage(loadCreditsPages, (m) => m.RedeemCodePage),
  'reports.single': lazyPage(loadReportsPages, (m) => m.SingleReportsPage),
  'reports.periodic.day': lazyPage(loadReportsPages, (m) => m.DailyReportsPage),
  'reports.periodic.week': lazyPage(loadReportsPages, (m) => m.WeeklyReportsPage),
  'reports.periodic.month': lazyPage(loadReportsPages, (m) => m.MonthlyReportsPage),
  'reports.generated': lazyPage(loadReportsPages, (m) => m.GeneratedReportPage),
  'email-smtp': lazyPage(
    () => import('@/features/system/email-smtp'),
    (m) => m.EmailSmtpPage,
  ),
  register: lazyPage(
    () => import('@/features/organisation/invitations'),
    (m) => m.RegisterPage,
  ),
  forms: lazyPage(
    () => import('./forms-page'),
    (m) => m.FormsPage,
  ),
  changelog: lazyPage(
    () => import('@/features/system/changelog'),
    (m) => m.ChangelogPage,
  ),
  'monitoring-templates': lazyPage(monitoringTemplates, (m) => m.TemplatesPage),
  'monitoring-templates.create': lazyPage(monitoringTemplates, (m) => m.TemplateCreatePage),
  'monitoring-templates.edit': lazyPage(monitoringTemplates, (m) => m.TemplateEditPage),
  'data-collection': lazyPage(dataCollection, (m) => m.ConfigsPage),
  'data-collection.create': lazyPage(dataCollection, (m) => m.ConfigCreatePage),
  'data-collection.edit': lazyPage(dataCollection, (m) => m.ConfigEditPage),
  'data-collection.item': lazyPage(dataCollection, (m) => m.ConfigPage),
  'task-manager': lazyPage(
    () => import('@/features/automation/device-tasks'),
    (m) => m.TaskManagerPage,
  ),
  automations: lazyPage(automations, (m) => m.AutomationsPage),
  'automations.silences': lazyPage(automations, (m) => m.SilencesPage),
  'automations.create': lazyPage(automations, (m) => m.AutomationCreatePage),
  'automations.edit': lazyPage(automations, (m) => m.AutomationEditPage),
  'automations.item': lazyPage(automations, (m) => m.AutomationPage),
  'device-configuration': lazyPage(
    () => import('@/features/automation/device-configuration'),
    (m) => m.DeviceConfigurationPage,
  ),
  'update-firmware': lazyPage(deviceUpdates, (m) => m.UpdateFirmwarePage),
  'upload-backup': lazyPage(deviceUpdates, (m) => m.UploadBackupPage),
  'global-firmware': lazyPage(
    () => import('@/features/fleet/global-firmware'),
    (m) => m.GlobalFirmwarePage,
  ),
  files: lazyPage(files, (m) => m.FilesPage),
  images: lazyPage(
    () => import('@/features/fleet/images'),
    (m) => m.ImagesPage,
  ),
  statistics: lazyPage(statistics, (m) => m.StatisticsPage),
  'statistics.connection-manager': lazyPage(statistics, (m) => m.ConnectionManagerPage),
  'remote.access': lazyPage(remoteAccess, (m) => m.RemoteAccessPage),
  'remote.access.item': lazyPage(remoteAccess, (m) => m.RemoteAccessItemPage),
  'remote.history': lazyPage(
    () => import('@/features/remote/access-history'),
    (m) => m.AccessHistoryPage,
  ),
  'vpn.hubs': lazyPage(vpn, (m) => m.VpnHubsPage),
  'vpn.hub': lazyPage(vpn, (m) => m.VpnHubPage),
  'vpn.quick-connect': lazyPage(vpn, (m) => m.QuickConnectPage),
  'vpn.quick-connect.item': lazyPage(vpn, (m) => m.QuickConnectItemPage),
  'vpn.zones': lazyPage(vpn, (m) => m.HubZonesPage),
  // Standalone: each opens in its own tab from a remote access link, without the shell.
  'connect.ssh': lazyPage(connect, (m) => m.SshConnectPage),
  'connect.telnet': lazyPage(connect, (m) => m.TelnetConnectPage),
  'connect.sftp': lazyPage(connect, (m) => m.SftpConnectPage),
  'connect.desktop': lazyPage(connect, (m) => m.DesktopConnectPage),
};
