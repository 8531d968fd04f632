// text, password and email inputs: masks applied while typing, cleaned paste, addon text and the
// "generate" button.
import { Box, Button, Group, PasswordInput, TextInput } from '@mantine/core';
import { applyMask } from '@netfleet/contracts';
import type { ChangeEvent, ReactNode } from 'react';
import { addonSection, fieldChrome } from '../field-chrome';
import { generatedValue } from '../random';
import { SCHEMA_FORM_TEXTS } from '../texts';
import { focusProps, useSchemaField, type SchemaFieldProps } from '../use-schema-field';
import { pasteHandler } from './paste';

export function TextField(props: SchemaFieldProps) {
  const { field, autoFocus } = props;
  const api = useSchemaField(props);
  const { mask, maxlength, generate } = field;
  const change = (text: string) => api.change(mask ? applyMask(mask, text) : text);

  const withGenerate = (input: ReactNode) => (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Box flex={1}>{input}</Box>
      <Button
        variant="default"
        disabled={field.disabled}
        onClick={() => change(generatedValue(generate ?? false, field))}
      >
        {SCHEMA_FORM_TEXTS.generate}
      </Button>
    </Group>
  );

  const shared = {
    ...fieldChrome(field, api.error, props.bare),
    ...addonSection(field),
    ...(generate ? { inputContainer: withGenerate } : {}),
    ref: api.ref,
    name: props.name,
    value: typeof api.value === 'string' ? api.value : '',
    placeholder: field.placeholder,
    maxLength: maxlength,
    ...focusProps(autoFocus),
    onBlur: api.onBlur,
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(event.currentTarget.value),
    onPaste: pasteHandler(maxlength, change),
  };

  if (field.type === 'password') return <PasswordInput autoComplete="new-password" {...shared} />;
  return <TextInput type={field.type === 'email' ? 'email' : 'text'} {...shared} />;
}
