import type { ItemSelectOptions } from '../types';
import type { SchemaFieldProps } from '../use-schema-field';
import { ItemSelect } from './item-select';

const DEVICE_PICKER: ItemSelectOptions = { endpoint: '/devices', labelKey: 'name', valueKey: 'id' };

/** An ItemSelect over the device list (spec §7 pickers: /devices); props may override it. */
export function DeviceSelect(props: SchemaFieldProps) {
  return <ItemSelect {...props} preset={DEVICE_PICKER} />;
}
