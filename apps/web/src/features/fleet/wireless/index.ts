export { HotspotsPage } from './pages/hotspots-page';
export { WifiPage } from './pages/wifi-page';
export { hotspotUsersDialog } from './components/hotspot-users-dialog';
export type { HotspotTarget } from './components/hotspot-users-list';
export { wifiQrDialog, type WifiQrTarget } from './components/wifi-qr-dialog';
export { DeviceWifiTraffic } from './components/device-wifi-traffic';
