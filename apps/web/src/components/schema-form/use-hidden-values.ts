// Spec §5: a field that is hidden (depends unmet, no permission) loses its value, so showing it
// again starts empty and nothing stale is submitted.
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { FieldDefinition, FormValues } from './types';
import { emptyValue, hasValue, isEmptyValue } from './values';

export function useDropHiddenValues(
  form: UseFormReturn<FormValues>,
  fields: readonly FieldDefinition[],
  shown: readonly FieldDefinition[],
): void {
  const hiddenKeys = fields
    .filter((field) => hasValue(field) && !shown.includes(field))
    .map((field) => field.key)
    .join('\n');

  useEffect(() => {
    const hidden = new Set(hiddenKeys.split('\n'));
    for (const field of fields) {
      if (!hidden.has(field.key)) continue;
      if (!isEmptyValue(form.getValues(field.key))) form.setValue(field.key, emptyValue(field));
      form.clearErrors(field.key);
    }
  }, [form, fields, hiddenKeys]);
}
