import { Group } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AddFormValues } from '../model/add-form';
import { subtypeOptions, TYPE_OPTIONS } from '../model/catalogue';
import { DEVICE_ALERTS_TEXTS as T } from '../texts';
import { SelectField } from './form-inputs';

/** The alert type, then its event; a new type starts on its first event. */
export function AlertTypeFields() {
  const { control, setValue, clearErrors } = useFormContext<AddFormValues>();
  const typeId = useWatch({ control, name: 'alert_type_id' });
  const pickType = (value: string | null) => {
    const first = subtypeOptions(value === null ? null : Number(value))[0];
    setValue('alert_subtype_id', first ? Number(first.value) : null);
    clearErrors('alert_subtype_id');
  };
  return (
    <Group grow align="flex-start">
      <SelectField
        name="alert_type_id"
        label={T.type}
        placeholder={T.typePlaceholder}
        data={TYPE_OPTIONS}
        numeric
        required
        onPicked={pickType}
      />
      <SelectField
        name="alert_subtype_id"
        label={T.subtype}
        placeholder={T.subtypePlaceholder}
        data={subtypeOptions(typeId)}
        numeric
        required
      />
    </Group>
  );
}
