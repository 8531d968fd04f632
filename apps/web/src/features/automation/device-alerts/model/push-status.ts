import type { ActionStatusOptions } from '@/lib/action-status';
import { DEVICE_ALERTS_TEXTS as T } from '../texts';
import type { DeviceRef } from './device-ref';

/**
 * The live 'Action status' of a change: its channel has one item per device (its set's job),
 * named here by the device.
 */
export function pushStatus(devices: readonly DeviceRef[]): ActionStatusOptions {
  const [only] = devices;
  return {
    title: devices.length === 1 && only ? T.pushTitle(only.name) : T.pushTitleMany(devices.length),
    itemLabels: Object.fromEntries(devices.map((device) => [String(device.id), device.name])),
  };
}
