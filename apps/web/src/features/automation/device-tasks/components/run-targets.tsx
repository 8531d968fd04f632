import { Stack, Text, Title } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { hasPermission } from '@netfleet/contracts';
import { fieldErrorProp } from '@/components/form-errors';
import { useCurrentUser } from '@/lib/current-user';
import type { PickerSource } from '../api/get-options';
import type { RunFormInput } from '../model/run-form';
import { TASK_TEXTS as T } from '../texts';
import { RemoteMultiSelect } from './remote-multi-select';

// Device rows are wide: ten names are enough to pick from while typing narrows them.
const DEVICES: PickerSource = { endpoint: '/devices', query: { fields: 'id,name' }, limit: 10 };
const TAGS: PickerSource = { endpoint: '/tags' };
const COMPANIES: PickerSource = { endpoint: '/companies', query: { sort: 'name' } };

type TargetField = 'device_id' | 'tag_id' | 'company_id';

function TargetPicker(props: {
  name: TargetField;
  source: PickerSource;
  label: string;
  nothingFound: string;
  placeholder?: string;
}) {
  const { control } = useFormContext<RunFormInput>();
  return (
    <Controller
      control={control}
      name={props.name}
      render={({ field, fieldState }) => (
        <RemoteMultiSelect
          source={props.source}
          label={props.label}
          placeholder={props.placeholder}
          nothingFoundMessage={props.nothingFound}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldErrorProp(fieldState.error)}
        />
      )}
    />
  );
}

/** Where the run goes: chosen devices, and every device with a tag or in a company. */
export function RunTargets() {
  const { permissions } = useCurrentUser();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {T.targets}
      </Title>
      <Text size="sm" c="dimmed">
        {T.targetsHint}
      </Text>
      <TargetPicker
        name="device_id"
        source={DEVICES}
        label={T.devices}
        placeholder={T.searchDevices}
        nothingFound={T.noDevices}
      />
      {hasPermission(permissions, 'view_tags') && (
        <TargetPicker name="tag_id" source={TAGS} label={T.tags} nothingFound={T.noTags} />
      )}
      {hasPermission(permissions, 'view_companies') && (
        <TargetPicker
          name="company_id"
          source={COMPANIES}
          label={T.companies}
          nothingFound={T.noCompanies}
        />
      )}
    </Stack>
  );
}
