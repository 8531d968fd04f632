import { LIVE_DEVICE_FIELDS, type Device, type DeviceChange } from '@netfleet/contracts';

export interface DevicePatch {
  device: Device;
  /** The change says more than the event carries (the device moved company): load it again. */
  refetch: boolean;
}

/**
 * Applies this device's entry of a DevicesChanged event; null when the event does not name it.
 * Only live fields are copied, and only those present: an absent field did not change.
 */
export function patchDevice(device: Device, changes: readonly DeviceChange[]): DevicePatch | null {
  const change = changes.find((candidate) => candidate.id === device.id);
  if (!change) return null;
  if (change.company_id !== device.company_id) return { device, refetch: true };
  const next: Device = { ...device };
  for (const field of LIVE_DEVICE_FIELDS) {
    if (change[field] !== undefined) Object.assign(next, { [field]: change[field] });
  }
  return { device: next, refetch: false };
}
