import { SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { fieldErrorProp } from '@/components/form-errors';
import {
  defaultValidUntil,
  START_MODES,
  windowStart,
  type RunFormInput,
  type StartMode,
} from '../model/run-form';
import { TASK_TEXTS as T } from '../texts';
import { RunRepeat } from './run-repeat';

const MODE_LABELS: Record<StartMode, string> = {
  now: T.startNow,
  at: T.startAt,
  repeat: T.repeat,
};
const MODE_OPTIONS = START_MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode] }));

const isMode = (value: string) => START_MODES.find((mode) => mode === value);

/**
 * When the run starts, or how it repeats, and until when devices that are offline may still
 * receive it.
 */
export function RunSchedule() {
  const { control, getValues, setValue } = useFormContext<RunFormInput>();
  const [mode, zone] = useWatch({ control, name: ['start', 'time_zone'] });
  // Until the user sets its end, the window keeps its default length from the start shown.
  const [endEdited, setEndEdited] = useState(false);
  // Until the user sets it, a repeating run's validity follows the preset chosen.
  const [hoursEdited, setHoursEdited] = useState(false);
  const follow = (next: Pick<RunFormInput, 'start' | 'start_at'>) => {
    if (endEdited) return;
    const start = windowStart(next);
    if (start !== null) setValue('valid_until', defaultValidUntil(start));
  };

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {T.start}
      </Title>
      <Controller
        control={control}
        name="start"
        render={({ field }) => (
          <SegmentedControl
            aria-label={T.start}
            data={MODE_OPTIONS}
            value={field.value}
            onChange={(value) => {
              const mode = isMode(value);
              if (!mode) return;
              field.onChange(mode);
              follow({ start: mode, start_at: getValues('start_at') });
            }}
            style={{ alignSelf: 'flex-start' }}
          />
        )}
      />
      {mode === 'at' && (
        <Controller
          control={control}
          name="start_at"
          render={({ field, fieldState }) => (
            <TextInput
              type="datetime-local"
              label={T.startAt}
              required
              value={field.value}
              onChange={(event) => {
                field.onChange(event.currentTarget.value);
                follow({ start: 'at', start_at: event.currentTarget.value });
              }}
              onBlur={field.onBlur}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
      )}
      {mode === 'repeat' ? (
        <RunRepeat validity={{ edited: hoursEdited, edit: () => setHoursEdited(true) }} />
      ) : (
        <>
          <Controller
            control={control}
            name="valid_until"
            render={({ field, fieldState }) => (
              <TextInput
                type="datetime-local"
                label={T.validUntil}
                description={T.validUntilHint}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required
                value={field.value}
                onChange={(event) => {
                  setEndEdited(true);
                  field.onChange(event.currentTarget.value);
                }}
                onBlur={field.onBlur}
                error={fieldErrorProp(fieldState.error)}
              />
            )}
          />
          <Text size="xs" c="dimmed">
            {T.timeZone(zone)}
          </Text>
        </>
      )}
    </Stack>
  );
}
