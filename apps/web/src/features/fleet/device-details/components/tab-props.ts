import type { ComponentType } from 'react';
import type { Device } from '@netfleet/contracts';

export interface DeviceTabProps {
  device: Device;
  /** The sub tab from the URL, already checked against the tab's sub tabs. */
  sub: string | undefined;
}

/**
 * What other features add to a tab of the device page, shown after the tab's own content (the
 * remote access feature's rules in 'ports and access'); the app layer passes them in.
 */
export type DeviceTabSections = Readonly<Record<string, ComponentType<DeviceTabProps>>>;
