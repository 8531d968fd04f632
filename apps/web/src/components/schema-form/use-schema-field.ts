// What every field kind shares: its value, a change that applies the spec §5 side effects (an
// edit clears the field's server error, `resets` clears the listed fields) and its error text.
import { useController, useFormContext } from 'react-hook-form';
import { fieldErrorProp } from '@/components/form-errors';
import { useSchemaFormContext } from './schema-form-context';
import type { FieldDefinition, FormValues } from './types';
import { emptyValue } from './values';

export interface SchemaFieldProps {
  field: FieldDefinition;
  /** Form path: the key, or `table.0.column` for a TableInput cell. */
  name: string;
  autoFocus?: boolean;
  /** A TableInput cell: no visible label (the column header is one). */
  bare?: boolean;
}

/** Focus on mount; data-autofocus is what a Mantine modal's focus trap looks for. */
export const focusProps = (autoFocus: boolean | undefined) =>
  autoFocus ? { autoFocus: true, 'data-autofocus': true } : {};

export function useSchemaField({ field, name }: SchemaFieldProps) {
  const form = useFormContext<FormValues>();
  const { fieldsByKey } = useSchemaFormContext();
  const { field: control, fieldState } = useController({ name, control: form.control });

  const change = (value: unknown) => {
    if (fieldState.error?.type === 'server') form.clearErrors(name);
    control.onChange(value);
    for (const key of field.resets ?? []) {
      const target = fieldsByKey.get(key);
      if (target) form.setValue(key, emptyValue(target));
    }
  };

  return {
    value: control.value,
    change,
    onBlur: control.onBlur,
    ref: control.ref,
    /** The message, or just the red mark (a password error also marks its confirmation). */
    error: fieldErrorProp(fieldState.error),
    /** Validates now instead of at submit (files: the size message shows as soon as chosen). */
    check: () => void form.trigger(name),
    setError: (message: string) => form.setError(name, { type: 'rule', message }),
  };
}

export type SchemaFieldApi = ReturnType<typeof useSchemaField>;
