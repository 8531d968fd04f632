import type { FormDefinition } from '@/components/schema-form';
import { devicePositionForm } from './device-position';
import { editDeviceForm } from './edit-device';

/** The forms of this feature by the name used in /forms/<name>/<device id>. */
export const deviceDetailsForms: Record<string, FormDefinition> = {
  [editDeviceForm.name]: editDeviceForm,
  [devicePositionForm.name]: devicePositionForm,
};
