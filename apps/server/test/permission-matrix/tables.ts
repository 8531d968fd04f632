import type { AreaTable } from './matrix';
import { authDeviceRoutes } from './routes/auth-devices';
import { automationRoutes } from './routes/automation';
import { automationsRoutes } from './routes/automations';
import { companyRoutes } from './routes/companies';
import { creditRoutes } from './routes/credits';
import { dataCollectRoutes } from './routes/data-collect';
import { deviceAlertsRoutes } from './routes/device-alerts';
import { deviceConfiguratorRoutes } from './routes/device-configurator';
import { deviceDashboardRoutes } from './routes/device-dashboards';
import { deviceDocumentationRoutes } from './routes/device-documentations';
import { deviceJobRoutes } from './routes/device-jobs';
import { deviceRoutes } from './routes/devices';
import { emailConfigurationRoutes } from './routes/email-configurations';
import { esimRoutes } from './routes/esim';
import { imageRoutes } from './routes/images';
import { invitationRoutes } from './routes/invitations';
import { remoteAccessRoutes } from './routes/remote-access';
import { reportRoutes } from './routes/reports';
import { roleRoutes } from './routes/roles';
import { statisticsRoutes } from './routes/statistics';
import { systemRoutes } from './routes/system';
import { tagRoutes } from './routes/tags';
import { userRoutes } from './routes/users';
import { vpnClientRoutes } from './routes/vpn-clients';
import { vpnHubRoutes } from './routes/vpn-hubs';
import { wirelessRoutes } from './routes/wireless';

/** Every route that requires a permission, by area; completeness.test.ts keeps it whole. */
export const MATRIX: Readonly<Record<string, AreaTable>> = {
  companies: companyRoutes,
  tags: tagRoutes,
  roles: roleRoutes,
  users: userRoutes,
  invitations: invitationRoutes,
  'email-configurations': emailConfigurationRoutes,
  system: systemRoutes,
  devices: deviceRoutes,
  'auth-devices': authDeviceRoutes,
  'device-jobs': deviceJobRoutes,
  'device-dashboards': deviceDashboardRoutes,
  images: imageRoutes,
  wireless: wirelessRoutes,
  esim: esimRoutes,
  statistics: statisticsRoutes,
  'remote-access': remoteAccessRoutes,
  automation: automationRoutes,
  automations: automationsRoutes,
  'device-configurator': deviceConfiguratorRoutes,
  'data-collect': dataCollectRoutes,
  'device-documentations': deviceDocumentationRoutes,
  'device-alerts': deviceAlertsRoutes,
  credits: creditRoutes,
  reports: reportRoutes,
  'vpn-hubs': vpnHubRoutes,
  'vpn-clients': vpnClientRoutes,
};
