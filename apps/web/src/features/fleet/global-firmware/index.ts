export { GlobalFirmwarePage } from './pages/global-firmware-page';
