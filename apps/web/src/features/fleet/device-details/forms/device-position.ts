import type { FieldDefinition, FormDefinition } from '@/components/schema-form';
import { deviceApiPath, deviceKeys } from '../api/keys';
import { DEVICE_TEXTS } from '../texts';

/** Six decimals place a device within about 10 cm: finer is noise. */
export const POSITION_DECIMALS = 6;
const POSITION_STEP = 10 ** -POSITION_DECIMALS;

// Keyed like the API's fields, so an error it names shows under the field.
const coordinate = (key: string, label: string, limit: number): FieldDefinition => ({
  key,
  label,
  type: 'number',
  required: true,
  min: -limit,
  max: limit,
  step: POSITION_STEP,
  addon: '°',
});

/** PUT /devices/{id}: where a user places the device on the map when it reports no position. */
export const devicePositionForm: FormDefinition = {
  name: 'device-position',
  title: DEVICE_TEXTS.setPosition,
  item: DEVICE_TEXTS.items.devicePosition,
  verb: 'update',
  permission: 'update_devices',
  method: 'PUT',
  url: (_values, id) => deviceApiPath(Number(id)),
  fields: [
    coordinate('user_set_latitude', DEVICE_TEXTS.latitude, 90),
    coordinate('user_set_longitude', DEVICE_TEXTS.longitude, 180),
  ],
  submitLabel: DEVICE_TEXTS.save,
  invalidate: [deviceKeys.all],
};
