import { MultiSelect, Stack } from '@mantine/core';
import { Controller, useFormContext, useFormState } from 'react-hook-form';
import { SILENCE_TARGETS_MAX } from '@netfleet/contracts';
import { DeviceMultiSelect } from '@/components/device-multi-select';
import {
  type DevicePick,
  type PickerOption,
  useAutomationOptions,
  useDeviceSearch,
  useTagOptions,
} from '../api/pickers';
import { errorMessage } from '../model/field-errors';
import type { SilenceFormInput } from '../model/silence-form';
import { SILENCES_TEXTS as T } from '../silence-texts';

/** The devices picked, held by the dialog: the form holds their ids, the picker their names. */
export interface PickedDevices {
  value: DevicePick[];
  onChange: (devices: DevicePick[]) => void;
}

function IdsPicker({
  name,
  label,
  placeholder,
  description,
  options,
}: {
  name: 'automation_ids' | 'tag_ids';
  label: string;
  placeholder?: string;
  description?: string;
  options: readonly PickerOption[];
}) {
  const { control } = useFormContext<SilenceFormInput>();
  // A list's error may sit on one of its items (`tag_ids.2`): shown under the list.
  const { errors } = useFormState({ control, name });
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const value = (field.value ?? []).map(String);
        // Ids beyond the picker's first page still show, by number.
        const data = [
          ...options,
          ...value
            .filter((id) => !options.some((option) => option.value === id))
            .map((id) => ({ value: id, label: id })),
        ];
        return (
          <MultiSelect
            ref={field.ref}
            label={label}
            placeholder={value.length === 0 ? placeholder : undefined}
            description={description}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            searchable
            clearable
            maxValues={SILENCE_TARGETS_MAX}
            data={data}
            value={value}
            nothingFoundMessage={T.nothingFound}
            onChange={(ids) => field.onChange(ids.map(Number))}
            onBlur={field.onBlur}
            error={errorMessage(errors, name)}
          />
        );
      }}
    />
  );
}

/** What the silence covers: rules, devices picked by name, devices by tag. */
export function SilenceTargetFields({
  devices,
  tags,
}: {
  devices: PickedDevices;
  /** Tags are offered as the user may list them. */
  tags: boolean;
}) {
  const { control } = useFormContext<SilenceFormInput>();
  const { errors } = useFormState({ control, name: 'device_ids' });
  const automationOptions = useAutomationOptions(true);
  const tagOptions = useTagOptions(tags);
  return (
    <Stack gap="sm">
      <IdsPicker
        name="automation_ids"
        label={T.automations}
        placeholder={T.automationsPlaceholder}
        description={T.automationsHint}
        options={automationOptions.data ?? []}
      />
      <Controller
        control={control}
        name="device_ids"
        render={({ field }) => (
          <DeviceMultiSelect<DevicePick>
            label={T.devices}
            placeholder={T.devicesPlaceholder}
            description={T.devicesHint}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            nothingFoundMessage={T.noDevicesFound}
            maxValues={SILENCE_TARGETS_MAX}
            useSearch={useDeviceSearch}
            value={devices.value}
            onChange={(picked) => {
              devices.onChange(picked);
              field.onChange(picked.map((device) => device.id));
            }}
            onBlur={field.onBlur}
            error={errorMessage(errors, 'device_ids')}
          />
        )}
      />
      {tags && <IdsPicker name="tag_ids" label={T.tags} options={tagOptions.data ?? []} />}
    </Stack>
  );
}
