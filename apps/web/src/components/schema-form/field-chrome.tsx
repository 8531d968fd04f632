// The label, hint, subtext and error every input shows, in Mantine's input wrapper props.
import { Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { FieldDefinition } from './types';

// Spec §3: subtext shows under the field (Mantine puts the description above by default).
const WRAPPER_ORDER: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

export function FieldLabel({ field }: { field: FieldDefinition }) {
  if (!field.hint) return field.label;
  return (
    <>
      {field.label}{' '}
      <Tooltip label={field.hint} multiline maw={320} withArrow>
        <span role="img" aria-label={field.hint} style={{ verticalAlign: 'middle' }}>
          <IconInfoCircle size={14} />
        </span>
      </Tooltip>
    </>
  );
}

export interface FieldChrome {
  label: ReactNode;
  'aria-label'?: string;
  description: string | undefined;
  required: boolean | undefined;
  disabled: boolean | undefined;
  error: string | boolean | undefined;
  inputWrapperOrder: typeof WRAPPER_ORDER;
}

/** `bare`: a table cell, whose column header is its visible label. */
export function fieldChrome(
  field: FieldDefinition,
  error: string | boolean | undefined,
  bare = false,
): FieldChrome {
  const labelled = !bare && Boolean(field.label || field.hint);
  return {
    label: labelled ? <FieldLabel field={field} /> : undefined,
    ...(bare && field.label ? { 'aria-label': field.label } : {}),
    description: field.subtext,
    required: field.required,
    disabled: field.disabled,
    error,
    inputWrapperOrder: WRAPPER_ORDER,
  };
}

/** The `addon` text in the input's right section (a unit, a domain suffix...). */
export function addonSection(field: FieldDefinition) {
  if (!field.addon) return {};
  return {
    rightSection: (
      <Text size="sm" c="dimmed" pr="xs">
        {field.addon}
      </Text>
    ),
    rightSectionWidth: 'auto',
    rightSectionPointerEvents: 'none' as const,
  };
}
