export { DeviceConfigurationPage } from './pages/device-configuration-page';
export {
  multiConfigurationDialog,
  type MultiConfigurationProps,
} from './components/multi-configuration-dialog';
