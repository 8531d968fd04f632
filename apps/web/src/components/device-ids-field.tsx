import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  type PathValue,
  useController,
} from 'react-hook-form';
import { fieldErrorProp } from '@/components/form-errors';
import {
  DeviceMultiSelect,
  type DeviceMultiSelectProps,
  type Pickable,
} from '@/components/device-multi-select';

type DeviceIdsFieldProps<F extends FieldValues, T extends Pickable> = {
  control: Control<F>;
  /** The form's field of device ids (`device_id` in the RMS bodies). */
  name: FieldPathByValue<F, number[]>;
} & Omit<DeviceMultiSelectProps<T>, 'error'>;

/**
 * A form's device ids picked with DeviceMultiSelect: the form holds the ids, the caller the chosen
 * devices (what it checks of them comes with them), and the field's error shows under it.
 */
export function DeviceIdsField<F extends FieldValues, T extends Pickable>({
  control,
  name,
  onChange,
  ...props
}: DeviceIdsFieldProps<F, T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <DeviceMultiSelect
      {...props}
      onChange={(next) => {
        onChange(next);
        field.onChange(next.map((device) => device.id) as PathValue<F, typeof name>);
      }}
      onBlur={field.onBlur}
      error={fieldErrorProp(fieldState.error)}
    />
  );
}
