import { ColorInput } from '@mantine/core';
import { fieldChrome } from '../field-chrome';
import { focusProps, useSchemaField, type SchemaFieldProps } from '../use-schema-field';

export function ColorField(props: SchemaFieldProps) {
  const { field, autoFocus } = props;
  const api = useSchemaField(props);
  return (
    <ColorInput
      {...fieldChrome(field, api.error, props.bare)}
      ref={api.ref}
      name={props.name}
      format="hex"
      value={typeof api.value === 'string' ? api.value : ''}
      placeholder={field.placeholder}
      {...focusProps(autoFocus)}
      onBlur={api.onBlur}
      onChange={api.change}
    />
  );
}
