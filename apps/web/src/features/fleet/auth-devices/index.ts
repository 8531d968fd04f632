export { AuthDevicesPage } from './pages/auth-devices-page';
