import type { Device } from '@netfleet/contracts';

export interface DeviceTabProps {
  device: Device;
  /** The sub tab from the URL, already checked against the tab's sub tabs. */
  sub: string | undefined;
}
