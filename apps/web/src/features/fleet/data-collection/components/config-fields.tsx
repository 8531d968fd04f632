import { Group, NumberInput, Switch, Textarea, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { DATA_COLLECT_PERIOD_MAX, DATA_COLLECT_PERIOD_MIN } from '@netfleet/contracts';
import { CompanySelect } from '@/components/company-select';
import { fieldErrorProp } from '@/components/form-errors';
import { formatUptime } from '@/lib/format';
import type { ConfigFormInput } from '../model/config-form';
import { DATA_COLLECTION_TEXTS as T } from '../texts';
import { DocumentationFields } from './documentation-fields';

interface ConfigFieldsProps {
  /** Creating with view_companies: the owner can be picked, starting from this company. */
  companyPicker?: { id: number; name: string } | undefined;
}

/** The config's owner, name, the API it is written against, and how often devices collect it. */
export function ConfigFields({ companyPicker }: ConfigFieldsProps) {
  const { control, register, formState } = useFormContext<ConfigFormInput>();
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
        <DocumentationFields />
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
