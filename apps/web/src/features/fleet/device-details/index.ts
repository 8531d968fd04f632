export { DevicePage } from './pages/device-page';
