export { DevicesPage } from './pages/devices-page';
export { CompanyDevicesPanel } from './components/company-devices-panel';
