import { Group, NumberInput, Stack, Switch } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { AUTOMATION_REPETITIONS_MAX } from '@netfleet/contracts';
import { fieldErrorProp } from '@/components/form-errors';
import type { RuleFormInput } from '../model/rule-form';
import { AUTOMATIONS_TEXTS as T } from '../texts';
import { MinutesInput } from './minutes-input';

function FlagSwitch({
  name,
  label,
}: {
  name: 'delay_enabled' | 'cooldown_enabled';
  label: string;
}) {
  const { control } = useFormContext<RuleFormInput>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          checked={field.value ?? false}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
        />
      )}
    />
  );
}

/** "For at least N minutes", repetitions, cooldown and renotification. */
export function TimingFields() {
  const { control } = useFormContext<RuleFormInput>();
  const [delay, cooldown] = useWatch({ control, name: ['delay_enabled', 'cooldown_enabled'] });
  return (
    <Stack gap="sm">
      <FlagSwitch name="delay_enabled" label={T.delayEnabled} />
      {delay && (
        <Group align="flex-start">
          <MinutesInput name="delay_duration" label={T.delayMinutes} />
          <Controller
            control={control}
            name="delay_repetitions_count"
            render={({ field, fieldState }) => (
              <NumberInput
                label={T.repetitions}
                description={T.repetitionsHint}
                min={0}
                max={AUTOMATION_REPETITIONS_MAX}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                value={field.value ?? 0}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : 0)}
                onBlur={field.onBlur}
                error={fieldErrorProp(fieldState.error)}
                w={220}
              />
            )}
          />
        </Group>
      )}
      <FlagSwitch name="cooldown_enabled" label={T.cooldownEnabled} />
      {cooldown && <MinutesInput name="cooldown_duration" label={T.cooldownMinutes} />}
      <MinutesInput
        name="renotify_interval"
        label={T.renotifyMinutes}
        description={T.renotifyHint}
      />
    </Stack>
  );
}
