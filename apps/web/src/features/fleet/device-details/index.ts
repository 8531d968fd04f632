export { createDevicePage, DevicePage } from './pages/device-page';
export type { DeviceTabProps, DeviceTabSections } from './components/tab-props';
export { esimConfigurationDialog } from './components/esim-profiles';
