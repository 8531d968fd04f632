import { Textarea } from '@mantine/core';
import { fieldChrome } from '../field-chrome';
import { focusProps, useSchemaField, type SchemaFieldProps } from '../use-schema-field';
import { pasteHandler } from './paste';

export function TextareaField(props: SchemaFieldProps) {
  const { field, autoFocus } = props;
  const api = useSchemaField(props);
  return (
    <Textarea
      {...fieldChrome(field, api.error, props.bare)}
      ref={api.ref}
      name={props.name}
      value={typeof api.value === 'string' ? api.value : ''}
      placeholder={field.placeholder}
      maxLength={field.maxlength}
      {...focusProps(autoFocus)}
      autosize
      minRows={3}
      maxRows={12}
      onBlur={api.onBlur}
      onChange={(event) => api.change(event.currentTarget.value)}
      onPaste={pasteHandler(field.maxlength, api.change)}
    />
  );
}
