import type { Device } from '@netfleet/contracts';
import type { FormDefinition, FormValues } from '@/components/schema-form';
import { CREDIT_TYPES_PATH, DEVICE_CREDIT_PATH, deviceKeys } from '../api/keys';
import { DEVICE_TEXTS as T } from '../texts';

const isOn = (value: unknown) => value === true;

/**
 * Spec "manage services": PUT /devices/credit for one device (the body is the device itself, so
 * the server's errors name these fields and show under them). Enabling a device of a paid company
 * without a running period spends one resource of the chosen management type; disabling keeps
 * what was paid.
 */
export function manageServicesForm(device: Device): FormDefinition {
  const spends = device.credit_required && device.credit_activated !== 1;
  return {
    name: 'manage-services',
    title: T.manageServices,
    item: T.items.deviceServices,
    verb: 'update',
    permission: 'update_device_credit_status',
    method: 'PUT',
    url: DEVICE_CREDIT_PATH,
    fields: [
      { key: 'credit_enabled', label: T.useCredits, type: 'checkbox' },
      {
        key: 'credit_type_id',
        label: T.creditType,
        required: true,
        component: 'ItemSelect',
        props: {
          endpoint: CREDIT_TYPES_PATH,
          query: { license_type: 'management' },
          labelKey: 'title',
          valueKey: 'id',
        },
        depends: { credit_enabled: true },
      },
      { key: 'auto_extend_credit', label: T.autoExtend, type: 'checkbox', hint: T.autoExtendHint },
    ],
    initialValues: () => ({
      credit_enabled: device.credit_enabled === 1,
      credit_type_id: device.management_credit_type_id ?? '',
      auto_extend_credit: device.auto_extend_credit !== 0,
    }),
    transform: (values: FormValues) => ({
      device_id: device.id,
      credit_enabled: isOn(values.credit_enabled) ? 1 : 0,
      auto_extend_credit: isOn(values.auto_extend_credit) ? 1 : 0,
      ...(isOn(values.credit_enabled) ? { credit_type_id: Number(values.credit_type_id) } : {}),
    }),
    confirm: (values) => (spends && isOn(values.credit_enabled) ? T.spendConfirm : null),
    submitLabel: T.save,
    invalidate: [deviceKeys.detail(device.id)],
  };
}
