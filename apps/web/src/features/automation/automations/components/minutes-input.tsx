import { NumberInput } from '@mantine/core';
import { Controller, useFormContext, type Path } from 'react-hook-form';
import { AUTOMATION_DURATION_MAX } from '@netfleet/contracts';
import { fieldErrorProp } from '@/components/form-errors';
import { SECONDS_PER_MINUTE, toMinutes, toSeconds, type RuleFormInput } from '../model/rule-form';

interface MinutesInputProps {
  name: Path<RuleFormInput> & ('delay_duration' | 'cooldown_duration' | 'renotify_interval');
  label: string;
  description?: string;
  disabled?: boolean;
}

/** A duration the body holds in seconds, edited in minutes. */
export function MinutesInput({ name, label, description, disabled }: MinutesInputProps) {
  const { control } = useFormContext<RuleFormInput>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          description={description}
          disabled={disabled}
          min={0}
          max={AUTOMATION_DURATION_MAX / SECONDS_PER_MINUTE}
          decimalScale={2}
          allowNegative={false}
          clampBehavior="none"
          value={toMinutes(field.value)}
          onChange={(value) => field.onChange(toSeconds(typeof value === 'number' ? value : 0))}
          onBlur={field.onBlur}
          error={fieldErrorProp(fieldState.error)}
          w={220}
        />
      )}
    />
  );
}
