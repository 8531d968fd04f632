import { Group, Input, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { SILENCE_WINDOW_MAX_SECONDS } from '@netfleet/contracts';
import { fieldErrorProp } from '@/components/form-errors';
import { cronParts, describeCron } from '../model/cron';
import { SECONDS_PER_MINUTE, toMinutes, toSeconds } from '../model/rule-form';
import type { SilenceFormInput } from '../model/silence-form';
import { SILENCES_TEXTS as T } from '../silence-texts';

const CRON_FIELDS = [
  T.cronField.minute,
  T.cronField.hour,
  T.cronField.dayOfMonth,
  T.cronField.month,
  T.cronField.dayOfWeek,
] as const;

/** The five cron fields of `recurrence.cron`, one input each, with the schedule in words. */
function CronFields() {
  const { control } = useFormContext<SilenceFormInput>();
  return (
    <Controller
      control={control}
      name="recurrence.cron"
      render={({ field, fieldState }) => {
        const cron = field.value ?? '';
        const parts = cronParts(cron);
        return (
          <Input.Wrapper
            // Five inputs, each with its own name: the label names the group, not one input.
            labelElement="div"
            label={T.schedule}
            description={T.scheduleHint}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            error={fieldErrorProp(fieldState.error)}
          >
            <Group gap="xs" wrap="nowrap" role="group" aria-label={T.schedule}>
              {CRON_FIELDS.map((label, index) => (
                <TextInput
                  key={label}
                  ref={index === 0 ? field.ref : undefined}
                  aria-label={label}
                  placeholder={label}
                  ff="monospace"
                  autoComplete="off"
                  spellCheck={false}
                  w="20%"
                  value={parts[index]}
                  // Kept one space apart, so each input keeps its place while another is empty.
                  onChange={(event) => {
                    const next = [...parts];
                    next[index] = event.currentTarget.value.replace(/\s/g, '');
                    field.onChange(next.join(' '));
                  }}
                  onBlur={field.onBlur}
                  error={Boolean(fieldState.error)}
                />
              ))}
            </Group>
            {cron.trim() !== '' && (
              <Text size="xs" c="dimmed" mt={4}>
                {describeCron(cron)}
              </Text>
            )}
          </Input.Wrapper>
        );
      }}
    />
  );
}

/** A repeating silence's schedule, its clock's zone and how long each window stays open. */
export function SilenceRecurrenceFields() {
  const { control } = useFormContext<SilenceFormInput>();
  const zone = useWatch({ control, name: 'recurrence.time_zone' });
  const zones = useMemo(() => {
    const known = Intl.supportedValuesOf('timeZone');
    return zone && !known.includes(zone) ? [zone, ...known] : known;
  }, [zone]);
  return (
    <Stack gap="sm">
      <CronFields />
      <Group grow align="flex-start">
        <Controller
          control={control}
          name="recurrence.time_zone"
          render={({ field, fieldState }) => (
            <Select
              ref={field.ref}
              label={T.scheduleTimeZone}
              required
              searchable
              allowDeselect={false}
              data={zones}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              nothingFoundMessage={T.nothingFound}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
        <Controller
          control={control}
          name="recurrence.duration_seconds"
          render={({ field, fieldState }) => (
            <NumberInput
              ref={field.ref}
              label={T.duration}
              required
              min={1}
              max={SILENCE_WINDOW_MAX_SECONDS / SECONDS_PER_MINUTE}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={Number.isFinite(field.value) ? toMinutes(field.value) : ''}
              // Empty is NaN, which the contract refuses with the range.
              onChange={(value) =>
                field.onChange(typeof value === 'number' ? toSeconds(value) : Number.NaN)
              }
              onBlur={field.onBlur}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
      </Group>
    </Stack>
  );
}
