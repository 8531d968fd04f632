import { Code, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { TASK_RUN_MAX_VALIDITY_SECONDS } from '@netfleet/contracts';
import { fieldErrorProp } from '@/components/form-errors';
import { cronOf, defaultValidHours, REPEAT_PRESETS, WEEK_DAYS } from '../model/recurrence';
import type { RunFormInput } from '../model/run-form';
import { REPEAT_LABELS, TASK_TEXTS as T, WEEK_DAY_LABELS } from '../texts';

const PRESET_OPTIONS = REPEAT_PRESETS.map((preset) => ({
  value: preset,
  label: REPEAT_LABELS[preset],
}));
const DAY_OPTIONS = WEEK_DAYS.map((day) => ({ value: day, label: WEEK_DAY_LABELS[day] }));
const MAX_HOURS = TASK_RUN_MAX_VALIDITY_SECONDS / 3600;

const isPreset = (value: string | null) => REPEAT_PRESETS.find((preset) => preset === value);
const isDay = (value: string | null) => WEEK_DAYS.find((day) => day === value);

export interface ValidityEdits {
  /** The user set the duration: a preset no longer replaces it with its default. */
  edited: boolean;
  edit: () => void;
}

/** How the run repeats on the clock of the user's time zone, and how long each run stays valid. */
export function RunRepeat({ validity }: { validity: ValidityEdits }) {
  const { control, setValue } = useFormContext<RunFormInput>();
  const [repeat, repeat_time, repeat_day, cron] = useWatch({
    control,
    name: ['repeat', 'repeat_time', 'repeat_day', 'cron'],
  });
  const built = cronOf({ repeat, repeat_time, repeat_day, cron });
  const timed = repeat !== 'hourly' && repeat !== 'custom';

  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <Controller
          control={control}
          name="repeat"
          render={({ field, fieldState }) => (
            <Select
              label={T.repeats}
              allowDeselect={false}
              data={PRESET_OPTIONS}
              value={field.value}
              onChange={(value) => {
                const preset = isPreset(value);
                if (!preset) return;
                field.onChange(preset);
                if (!validity.edited) setValue('valid_hours', defaultValidHours(preset));
              }}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
        {repeat === 'weekly' && (
          <Controller
            control={control}
            name="repeat_day"
            render={({ field }) => (
              <Select
                label={T.repeatOn}
                allowDeselect={false}
                data={DAY_OPTIONS}
                value={field.value}
                onChange={(value) => {
                  const day = isDay(value);
                  if (day) field.onChange(day);
                }}
              />
            )}
          />
        )}
        {timed && (
          <Controller
            control={control}
            name="repeat_time"
            render={({ field, fieldState }) => (
              <TextInput
                type="time"
                label={T.repeatAt}
                required
                value={field.value}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
                error={fieldErrorProp(fieldState.error)}
              />
            )}
          />
        )}
      </Group>
      {repeat === 'custom' ? (
        <Controller
          control={control}
          name="cron"
          render={({ field, fieldState }) => (
            <TextInput
              label={T.cron}
              description={T.cronHint}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              placeholder="0 3 * * *"
              required
              autoComplete="off"
              spellCheck={false}
              ff="monospace"
              {...field}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
      ) : (
        built && (
          <Text size="xs" c="dimmed">
            {T.cronSent} <Code>{built}</Code>
          </Text>
        )
      )}
      <Group grow align="flex-start">
        <Controller
          control={control}
          name="time_zone"
          render={({ field, fieldState }) => (
            <TextInput
              label={T.timeZoneLabel}
              description={T.timeZoneHint}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              readOnly
              value={field.value}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
        <Controller
          control={control}
          name="valid_hours"
          render={({ field, fieldState }) => (
            <NumberInput
              label={T.validFor}
              description={T.validForHint}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required
              min={1}
              max={MAX_HOURS}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              rightSection={<Text size="sm">{T.hours}</Text>}
              rightSectionWidth={56}
              value={Number.isFinite(field.value) ? field.value : ''}
              onChange={(value) => {
                validity.edit();
                field.onChange(typeof value === 'number' ? value : NaN);
              }}
              onBlur={field.onBlur}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
      </Group>
    </Stack>
  );
}
