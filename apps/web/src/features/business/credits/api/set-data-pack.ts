import type { DeviceDataPackBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import type { PackDevice } from '../model/set-pack';
import { CREDIT_TEXTS } from '../texts';
import { DEVICE_DATA_PACK_PATH } from './keys';

/**
 * PUT /devices/data-pack. One device is sent as the body itself, so a refusal names the form's
 * field; several as `data`, whose outcome per device the 'Action status' dialog shows (a 207
 * included).
 */
export function setDataPack(creditTypeId: number, devices: readonly PackDevice[]) {
  const [only] = devices;
  if (devices.length === 1 && only) {
    const body: DeviceDataPackBody = { credit_type_id: creditTypeId, device_id: only.id };
    return api.put<unknown>(DEVICE_DATA_PACK_PATH, { body });
  }
  const body: DeviceDataPackBody = {
    credit_type_id: creditTypeId,
    data: devices.map((device) => ({ device_id: device.id })),
  };
  return api.put<unknown>(DEVICE_DATA_PACK_PATH, {
    body,
    actionStatus: {
      title: CREDIT_TEXTS.setPack,
      itemLabels: Object.fromEntries(
        devices.map((device) => [String(device.id), device.name || String(device.id)]),
      ),
    },
  });
}
