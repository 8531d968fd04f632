import { NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { fieldErrorProp } from '@/components/form-errors';
import type { Option } from '../model/catalogue';

// The add and edit forms share their inputs; each is bound by name to the form around it, whose
// values hold what the body sends (numbers as numbers, nothing as null).

interface FieldProps {
  name: string;
  label: string;
  description?: string;
  required?: boolean;
  placeholder?: string;
}

export function TextField({ area = false, ...props }: FieldProps & { area?: boolean }) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={props.name}
      render={({ field, fieldState }) => {
        const common = {
          ...props,
          ref: field.ref,
          value: (field.value as string | null | undefined) ?? '',
          onBlur: field.onBlur,
          error: fieldErrorProp(fieldState.error),
        };
        return area ? (
          <Textarea
            {...common}
            autosize
            minRows={2}
            onChange={(event) => field.onChange(event.currentTarget.value)}
          />
        ) : (
          <TextInput {...common} onChange={(event) => field.onChange(event.currentTarget.value)} />
        );
      }}
    />
  );
}

/** A number, or null while empty (the schema says 'required' where one is needed). */
export function NumberField({
  min,
  max,
  decimals = false,
  ...props
}: FieldProps & { min?: number; max?: number; decimals?: boolean }) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={props.name}
      render={({ field, fieldState }) => (
        <NumberInput
          {...props}
          ref={field.ref}
          min={min}
          max={max}
          allowDecimal={decimals}
          decimalScale={decimals ? 6 : undefined}
          clampBehavior="none"
          value={(field.value as number | null | undefined) ?? ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : null)}
          onBlur={field.onBlur}
          error={fieldErrorProp(fieldState.error)}
        />
      )}
    />
  );
}

/** A choice kept as a number or a string, as the body takes it; `onPicked` follows a change. */
export function SelectField({
  data,
  numeric = false,
  clearable = false,
  onPicked,
  ...props
}: FieldProps & {
  data: readonly Option[];
  numeric?: boolean;
  clearable?: boolean;
  onPicked?: (value: string | null) => void;
}) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={props.name}
      render={({ field, fieldState }) => (
        <Select
          {...props}
          ref={field.ref}
          data={[...data]}
          allowDeselect={clearable}
          clearable={clearable}
          value={field.value === null || field.value === undefined ? null : String(field.value)}
          onChange={(value) => {
            field.onChange(value === null ? null : numeric ? Number(value) : value);
            onPicked?.(value);
          }}
          onBlur={field.onBlur}
          error={fieldErrorProp(fieldState.error)}
        />
      )}
    />
  );
}

export function SwitchField({ name, label, description }: FieldProps) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          ref={field.ref}
          label={label}
          description={description}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
        />
      )}
    />
  );
}
