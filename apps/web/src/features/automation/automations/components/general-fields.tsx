import { Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { AUTOMATION_DESCRIPTION_MAX_LENGTH, AUTOMATION_NAME_MAX_LENGTH } from '@netfleet/contracts';
import { fieldErrorProp } from '@/components/form-errors';
import type { RuleFormInput } from '../model/rule-form';
import { AUTOMATIONS_TEXTS as T } from '../texts';

/** The rule's name, description and whether it runs. */
export function GeneralFields() {
  const { register, control, formState } = useFormContext<RuleFormInput>();
  return (
    <Stack gap="sm">
      <TextInput
        label={T.name}
        required
        maxLength={AUTOMATION_NAME_MAX_LENGTH}
        data-autofocus
        {...register('name')}
        error={fieldErrorProp(formState.errors.name)}
      />
      <Textarea
        label={T.description}
        autosize
        minRows={2}
        maxLength={AUTOMATION_DESCRIPTION_MAX_LENGTH}
        {...register('description')}
        error={fieldErrorProp(formState.errors.description)}
      />
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <Switch
            label={T.enabled}
            checked={field.value ?? true}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
          />
        )}
      />
    </Stack>
  );
}
