export { RemoteAccessPage } from './pages/remote-access-page';
export { RemoteAccessItemPage } from './pages/remote-access-item-page';
export { DeviceRemoteAccessPanel } from './components/device-remote-access-panel';
export { addAccessRuleDialog } from './components/access-rule-dialogs';
export { accessInfoDialog, type AccessInfoTarget } from './components/access-info-dialog';
export { cliDialog, webUiDialog, type DeviceRef } from './components/connect-dialogs';
