export { DevicesPage } from './pages/devices-page';
