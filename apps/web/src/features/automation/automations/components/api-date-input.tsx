import { TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { parseApiDate, toApiDate } from '@netfleet/contracts';
import { fromZonedInput, toZonedInput } from '@/components/date-range';
import { fieldErrorProp } from '@/components/form-errors';
import type { SilenceFormInput } from '../model/silence-form';

/** The datetime-local text of an API date, or empty when it holds none. */
function inputOf(value: string | undefined): string {
  if (!value) return '';
  const instant = parseApiDate(value);
  return Number.isNaN(instant) ? '' : toZonedInput(instant);
}

/** An API date (UTC) edited on the wall clock of the user's zone; cleared, it holds ''. */
export function ApiDateInput({ name, label }: { name: 'starts_at' | 'ends_at'; label: string }) {
  const { control } = useFormContext<SilenceFormInput>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          ref={field.ref}
          type="datetime-local"
          label={label}
          required
          value={inputOf(field.value)}
          onChange={(event) => {
            const iso = fromZonedInput(event.currentTarget.value);
            field.onChange(iso === null ? '' : toApiDate(new Date(iso)));
          }}
          onBlur={field.onBlur}
          error={fieldErrorProp(fieldState.error)}
        />
      )}
    />
  );
}
