import { MultiSelect, Stack, Text, Title } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { AUTOMATION_SCOPE_MAX } from '@netfleet/contracts';
import { DeviceMultiSelect } from '@/components/device-multi-select';
import { fieldErrorProp } from '@/components/form-errors';
import {
  type DevicePick,
  type PickerOption,
  useCompanyOptions,
  useDeviceSearch,
  useTagOptions,
} from '../api/pickers';
import type { RuleFormInput } from '../model/rule-form';
import { AUTOMATIONS_TEXTS as T } from '../texts';

export interface ScopePickers {
  tags: boolean;
  companies: boolean;
}

/** The explicit devices a new rule is assigned to once saved (a rule's own list, not its body). */
export interface NewRuleDevices {
  value: DevicePick[];
  onChange: (devices: DevicePick[]) => void;
}

function IdsPicker({
  name,
  label,
  options,
}: {
  name: 'scope.tag_id' | 'scope.company_id';
  label: string;
  options: PickerOption[];
}) {
  const { control } = useFormContext<RuleFormInput>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = (field.value ?? []).map(String);
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
            searchable
            clearable
            maxValues={AUTOMATION_SCOPE_MAX}
            data={data}
            value={value}
            nothingFoundMessage={T.nothingFound}
            onChange={(ids) => field.onChange(ids.map(Number))}
            onBlur={field.onBlur}
            error={fieldErrorProp(fieldState.error)}
          />
        );
      }}
    />
  );
}

/** Which devices the rule covers: tags, companies, and (new rules) devices picked by name. */
export function ScopeFields({
  pickers,
  devices,
}: {
  pickers: ScopePickers;
  devices?: NewRuleDevices | undefined;
}) {
  const tags = useTagOptions(pickers.tags);
  const companies = useCompanyOptions(pickers.companies);
  return (
    <Stack gap="sm">
      <div>
        <Title order={4}>{T.scope}</Title>
        <Text size="sm" c="dimmed">
          {T.scopeHint}
        </Text>
      </div>
      {pickers.tags && <IdsPicker name="scope.tag_id" label={T.tags} options={tags.data ?? []} />}
      {pickers.companies && (
        <IdsPicker name="scope.company_id" label={T.companies} options={companies.data ?? []} />
      )}
      {devices && (
        <DeviceMultiSelect<DevicePick>
          label={T.explicitDevices}
          placeholder={T.searchDevices}
          nothingFoundMessage={T.noDevicesFound}
          useSearch={useDeviceSearch}
          value={devices.value}
          onChange={devices.onChange}
        />
      )}
    </Stack>
  );
}
