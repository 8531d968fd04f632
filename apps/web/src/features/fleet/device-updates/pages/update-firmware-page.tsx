import { DeviceUpdatesPage } from './device-updates-page';

/** Route `update-firmware`: firmware files to send to devices, and the updates under way. */
export function UpdateFirmwarePage() {
  return <DeviceUpdatesPage kind="firmware" />;
}
