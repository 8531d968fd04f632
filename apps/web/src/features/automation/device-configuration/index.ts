export { DeviceConfigurationPage } from './pages/device-configuration-page';
