import { Alert } from '@mantine/core';
import { readBaseAlertOptions } from '../component-options';
import type { FieldDefinition } from '../types';

/** A message inside the form (no value, never submitted). */
export function BaseAlert({ field }: { field: FieldDefinition }) {
  const { color, title, message } = readBaseAlertOptions(field.props);
  return (
    <Alert color={color ?? 'blue'} variant="light" title={title ?? field.label}>
      {message}
    </Alert>
  );
}
