import type { FormDefinition, FormValues } from '@/components/schema-form';
import { CREDIT_TEXTS } from '../texts';

/**
 * Query keys of the device list and device pages, whose credit columns change. Written out rather
 * than imported: features do not import each other, and these keys are the devices features'.
 */
const DEVICE_QUERIES = [['devices'], ['device']] as const;

/**
 * POST /devices/credits/move (System menu "Move device resources", opened at
 * /forms/move-device-resources): the source device's remaining paid period moves to the target.
 * The server's refusals name `source_device_id` or `target_device_id`, so they show under the field.
 */
export const moveDeviceResourcesForm: FormDefinition = {
  name: 'move-device-resources',
  title: CREDIT_TEXTS.moveDeviceResources,
  item: 'device resources',
  verb: 'move',
  successMessage: CREDIT_TEXTS.deviceResourcesMoved,
  permission: 'move_devices_credits',
  method: 'POST',
  url: '/devices/credits/move',
  fields: [
    {
      key: 'source_device_id',
      label: CREDIT_TEXTS.sourceDevice,
      required: true,
      component: 'DeviceSelect',
    },
    {
      key: 'target_device_id',
      label: CREDIT_TEXTS.targetDevice,
      required: true,
      component: 'DeviceSelect',
      subtext: CREDIT_TEXTS.targetDeviceHint,
    },
  ],
  transform: (values: FormValues) => ({
    source_device_id: values.source_device_id,
    target_device_id: values.target_device_id,
  }),
  invalidate: DEVICE_QUERIES,
};
