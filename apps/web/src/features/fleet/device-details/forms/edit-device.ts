import { DEVICE_DESCRIPTION_MAX_LENGTH, DEVICE_NAME_MAX_LENGTH } from '@netfleet/contracts';
import type { FormDefinition, FormValues } from '@/components/schema-form';
import { getDevice } from '../api/get-device';
import { deviceApiPath, deviceKeys } from '../api/keys';
import { DEVICE_TEXTS } from '../texts';

/** PUT /devices/{id}: the device's name and description. */
export const editDeviceForm: FormDefinition = {
  name: 'edit-device',
  title: DEVICE_TEXTS.editTitle,
  item: DEVICE_TEXTS.items.device,
  verb: 'update',
  permission: 'update_devices',
  method: 'PUT',
  url: (_values, id) => deviceApiPath(Number(id)),
  fields: [
    { key: 'name', label: DEVICE_TEXTS.name, required: true, maxlength: DEVICE_NAME_MAX_LENGTH },
    {
      key: 'description',
      label: DEVICE_TEXTS.description,
      type: 'textarea',
      maxlength: DEVICE_DESCRIPTION_MAX_LENGTH,
    },
  ],
  initialValues: async (id) => {
    if (!id) throw new Error(DEVICE_TEXTS.notFound);
    const device = await getDevice(id);
    return { name: device.name, description: device.description };
  },
  transform: (values: FormValues) => ({ name: values.name, description: values.description ?? '' }),
  invalidate: [deviceKeys.all],
};
