export { VpnHubsPage } from './pages/vpn-hubs-page';
export { VpnHubPage } from './pages/vpn-hub-page';
export { QuickConnectPage } from './pages/quick-connect-page';
export { QuickConnectItemPage } from './pages/quick-connect-item-page';
export { HubZonesPage } from './pages/hub-zones-page';
export { addHubDialog } from './components/hub-dialogs';
export { quickConnectDialog } from './components/quick-connect-dialog';
export { addClientsDialog, type AddClientsTarget } from './components/add-clients-dialog';
export { addRoutesDialog } from './components/add-routes-dialog';
export { configDialog, type ConfigTarget } from './components/config-dialog';
export {
  connectDetailsDialog,
  type ConnectDetailsTarget,
} from './components/connect-details-dialog';
