import { Group, NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import {
  DATA_COLLECT_PERIOD_MAX,
  DATA_COLLECT_PERIOD_MIN,
  DEVICE_API_DOCUMENTATIONS,
} from '@netfleet/contracts';
import { CompanySelect } from '@/components/company-select';
import { fieldErrorProp } from '@/components/form-errors';
import { formatUptime } from '@/lib/format';
import type { ConfigFormInput } from '../model/config-form';
import { DATA_COLLECTION_TEXTS as T } from '../texts';

const DOCUMENTATION_OPTIONS = DEVICE_API_DOCUMENTATIONS.map((documentation) => ({
  value: String(documentation.id),
  label: documentation.name,
}));

const documentationOf = (id: number) =>
  DEVICE_API_DOCUMENTATIONS.find((documentation) => documentation.id === id);

interface ConfigFieldsProps {
  /** Creating with view_companies: the owner can be picked, starting from this company. */
  companyPicker?: { id: number; name: string } | undefined;
}

/** The config's owner, name, the API it is written against, and how often devices collect it. */
export function ConfigFields({ companyPicker }: ConfigFieldsProps) {
  const { control, register, formState, setValue } = useFormContext<ConfigFormInput>();
  const { errors } = formState;

  return (
    <>
      {companyPicker && (
        <Controller
          control={control}
          name="company_id"
          render={({ field, fieldState }) => (
            <CompanySelect
              label={T.company}
              required
              allowDeselect={false}
              value={String(field.value)}
              fallback={{ value: String(companyPicker.id), label: companyPicker.name }}
              onChange={(id) => {
                if (id) field.onChange(Number(id));
              }}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
      )}
      <TextInput
        label={T.name}
        required
        data-autofocus
        error={fieldErrorProp(errors.name)}
        {...register('name')}
      />
      <Textarea
        label={T.description}
        autosize
        minRows={2}
        error={fieldErrorProp(errors.description)}
        {...register('description')}
      />
      <Group grow align="flex-start">
        <Controller
          control={control}
          name="device_documentation_id"
          render={({ field, fieldState }) => {
            const documentation = documentationOf(field.value);
            return (
              <Select
                label={T.documentation}
                required
                allowDeselect={false}
                data={DOCUMENTATION_OPTIONS}
                value={String(field.value)}
                onChange={(id) => {
                  const picked = documentationOf(Number(id));
                  if (!picked) return;
                  field.onChange(picked.id);
                  setValue('api_system', picked.api_system);
                  setValue('api_version', picked.api_version);
                }}
                description={
                  documentation &&
                  T.documentationHint(documentation.api_system, documentation.api_version)
                }
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                error={fieldErrorProp(fieldState.error)}
              />
            );
          }}
        />
        <Controller
          control={control}
          name="period"
          render={({ field, fieldState }) => (
            <NumberInput
              label={T.periodSeconds}
              required
              min={DATA_COLLECT_PERIOD_MIN}
              max={DATA_COLLECT_PERIOD_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={Number.isFinite(field.value) ? field.value : ''}
              onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
              onBlur={field.onBlur}
              description={formatUptime(Number.isFinite(field.value) ? field.value : null)}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
      </Group>
      <Controller
        control={control}
        name="enabled"
        render={({ field, fieldState }) => (
          <Switch
            label={T.enabled}
            description={T.enabledHint}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            error={fieldErrorProp(fieldState.error)}
          />
        )}
      />
    </>
  );
}
